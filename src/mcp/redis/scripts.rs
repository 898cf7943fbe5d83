//! The Lua scripts that change a task in Redis atomically, in commands
//! Redis 6.2+ and Valkey both run: a task made within the running caps, a
//! compare-and-set that books a settled task and evicts past the caps, and
//! a lease renewed. Their clock is the server's (`TIME`), the same for
//! every replica.

use std::sync::LazyLock;

use redis::Script;

/// Now in milliseconds, by the Redis server's clock.
const NOW: &str = "local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
";

/// KEYS: task, lease, running, running of the owner.
/// ARGV: record, TTL ms, lease ms, cap in all, cap of the owner, id.
/// Returns 0 when written, 1 when the server, 2 when the owner, is full.
/// Runners whose lease lapsed no longer hold a slot.
pub(super) static CREATE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[5]) then return 2 end
local deadline = now + tonumber(ARGV[3])
redis.call('ZADD', KEYS[3], deadline, ARGV[6])
redis.call('ZADD', KEYS[4], deadline, ARGV[6])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
redis.call('PEXPIRE', KEYS[4], ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
return 0"
    ))
});

/// KEYS: task, lease, running, running of the owner, settled, settled of
/// the owner, sizes (id: bytes and owner), bytes (`*` and per owner).
/// ARGV: version read, next record, `1` when it settles, TTL ms, id,
/// bytes, owner, key prefix, max settled, max settled of an owner, max
/// bytes, max bytes of an owner.
/// Returns 1 when written, 0 when the version moved on or the task
/// settled (or is gone).
pub(super) static COMPARE_AND_SET: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local record = cjson.decode(current)
local status = record.task.status
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 0 end
if (tonumber(record.version) or 0) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[3] == '0' then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[5])
redis.call('ZREM', KEYS[4], ARGV[5])
{NOW}
local ttl = tonumber(ARGV[4])
local prefix = ARGV[8]
local function forget(id, owners)
  redis.call('ZREM', KEYS[5], id)
  if owners then redis.call('ZREM', owners, id) end
  local size = redis.call('HGET', KEYS[7], id)
  if not size then return end
  local cut = string.find(size, '\\n', 1, true)
  local bytes = tonumber(string.sub(size, 1, cut - 1))
  local owner = string.sub(size, cut + 1)
  redis.call('HDEL', KEYS[7], id)
  redis.call('ZREM', prefix .. ':settled:' .. owner, id)
  redis.call('HINCRBY', KEYS[8], '*', -bytes)
  if redis.call('HINCRBY', KEYS[8], owner, -bytes) <= 0 then redis.call('HDEL', KEYS[8], owner) end
  redis.call('DEL', prefix .. ':task:' .. id)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', now - ttl)) do forget(id, nil) end
redis.call('ZADD', KEYS[5], now, ARGV[5])
redis.call('ZADD', KEYS[6], now, ARGV[5])
redis.call('HSET', KEYS[7], ARGV[5], ARGV[6] .. '\\n' .. ARGV[7])
redis.call('HINCRBY', KEYS[8], '*', ARGV[6])
redis.call('HINCRBY', KEYS[8], ARGV[7], ARGV[6])
while redis.call('ZCARD', KEYS[6]) > tonumber(ARGV[10])
  or tonumber(redis.call('HGET', KEYS[8], ARGV[7]) or 0) > tonumber(ARGV[12]) do
  local oldest = redis.call('ZRANGE', KEYS[6], 0, 0)[1]
  if not oldest then break end
  forget(oldest, KEYS[6])
end
while redis.call('ZCARD', KEYS[5]) > tonumber(ARGV[9])
  or tonumber(redis.call('HGET', KEYS[8], '*') or 0) > tonumber(ARGV[11]) do
  local oldest = redis.call('ZRANGE', KEYS[5], 0, 0)[1]
  if not oldest then break end
  forget(oldest, nil)
end
for i = 5, 8 do redis.call('PEXPIRE', KEYS[i], ttl) end
return 1"
    ))
});

/// KEYS: lease, running, running of the owner. ARGV: lease ms, id.
/// Returns 1 when renewed, 0 when the lease had lapsed (or the task
/// settled).
pub(super) static RENEW: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "if not redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'XX') then return 0 end
{NOW}
redis.call('ZADD', KEYS[2], 'XX', now + tonumber(ARGV[1]), ARGV[2])
redis.call('ZADD', KEYS[3], 'XX', now + tonumber(ARGV[1]), ARGV[2])
return 1"
    ))
});
