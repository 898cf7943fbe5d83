# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_cli_global_optspecs
    string join \n json h/help
end

function __fish_cli_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_cli_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_cli_using_subcommand
    set -l cmd (__fish_cli_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c cli -n "__fish_cli_needs_command" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_needs_command" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_needs_command" -f -a "slugify" -d 'Turns text into a URL slug: lowercase words joined by a separator.'
complete -c cli -n "__fish_cli_needs_command" -f -a "move_point" -d 'Moves a point by an offset and returns where it lands'
complete -c cli -n "__fish_cli_needs_command" -f -a "move-point" -d 'Moves a point by an offset and returns where it lands'
complete -c cli -n "__fish_cli_needs_command" -f -a "search" -d 'Searches the documentation titles for a word'
complete -c cli -n "__fish_cli_needs_command" -f -a "list_notes" -d 'Lists the saved notes, all of them or those with one tag'
complete -c cli -n "__fish_cli_needs_command" -f -a "list-notes" -d 'Lists the saved notes, all of them or those with one tag'
complete -c cli -n "__fish_cli_needs_command" -f -a "divide" -d 'Divides one number by another'
complete -c cli -n "__fish_cli_needs_command" -f -a "completions" -d 'Print a completion script for a shell'
complete -c cli -n "__fish_cli_needs_command" -f -a "man" -d 'Print the man page (roff) of this program, or of one of its commands'
complete -c cli -n "__fish_cli_needs_command" -f -a "mcp" -d 'Serve these tools over MCP (Model Context Protocol) on stdio, or HTTP with --http'
complete -c cli -n "__fish_cli_needs_command" -f -a "ai-sdk-tools" -d 'Print the ES module that gives these tools to the AI SDK over MCP'
complete -c cli -n "__fish_cli_needs_command" -f -a "check" -d 'Check a call\'s JSON arguments, read on standard input, without running the tool'
complete -c cli -n "__fish_cli_needs_command" -f -a "pi-extension" -d 'Print a TypeScript extension that gives Pi and OMP these tools'
complete -c cli -n "__fish_cli_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cli -n "__fish_cli_using_subcommand slugify" -l text -d 'the text to slugify [required; pattern: \\S]' -r
complete -c cli -n "__fish_cli_using_subcommand slugify" -l separator -d 'what goes between words [required; possible values: -, _, .]' -r -f -a "-\t''
_\t''
.\t''"
complete -c cli -n "__fish_cli_using_subcommand slugify" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand slugify" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand move_point" -l point -d 'The point to move [required; a JSON object, or set each field with its own flag]' -r
complete -c cli -n "__fish_cli_using_subcommand move_point" -l point.x -d 'Horizontal coordinate [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move_point" -l point.y -d 'Vertical coordinate [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move_point" -l dx -d 'How far to move right [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move_point" -l dy -d 'How far to move up [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move_point" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand move_point" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand move-point" -l point -d 'The point to move [required; a JSON object, or set each field with its own flag]' -r
complete -c cli -n "__fish_cli_using_subcommand move-point" -l point.x -d 'Horizontal coordinate [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move-point" -l point.y -d 'Vertical coordinate [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move-point" -l dx -d 'How far to move right [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move-point" -l dy -d 'How far to move up [required]' -r
complete -c cli -n "__fish_cli_using_subcommand move-point" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand move-point" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand search" -l query -d 'The word to look for [required; min length: 1]' -r
complete -c cli -n "__fish_cli_using_subcommand search" -l limit -d 'The most titles to return (default 10) [min: 1; max: 50]' -r
complete -c cli -n "__fish_cli_using_subcommand search" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand search" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand list_notes" -l tag -d 'Only the notes with this tag' -r
complete -c cli -n "__fish_cli_using_subcommand list_notes" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand list_notes" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand list-notes" -l tag -d 'Only the notes with this tag' -r
complete -c cli -n "__fish_cli_using_subcommand list-notes" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand list-notes" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand divide" -l dividend -d 'The number to divide [required]' -r
complete -c cli -n "__fish_cli_using_subcommand divide" -l divisor -d 'The number to divide by [required]' -r
complete -c cli -n "__fish_cli_using_subcommand divide" -l json -d 'Print the result, and any failure, as JSON on stdout'
complete -c cli -n "__fish_cli_using_subcommand divide" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cli -n "__fish_cli_using_subcommand man" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand mcp" -l http -d 'Serve over Streamable HTTP at http://ADDR/mcp (port 0 picks a free one)' -r
complete -c cli -n "__fish_cli_using_subcommand mcp" -l redis -d 'With --http: sessions and tasks in the Redis at URL, shared by replicas' -r
complete -c cli -n "__fish_cli_using_subcommand mcp" -l stateless -d 'With --http: no sessions; a 2025-11-25 client then cannot be asked mid-call'
complete -c cli -n "__fish_cli_using_subcommand mcp" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand ai-sdk-tools" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cli -n "__fish_cli_using_subcommand pi-extension" -l program -d 'The program the extension runs (default: this one, by its full path)' -r
complete -c cli -n "__fish_cli_using_subcommand pi-extension" -s h -l help -d 'Print help'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "slugify" -d 'Turns text into a URL slug: lowercase words joined by a separator.'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "move_point" -d 'Moves a point by an offset and returns where it lands'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "search" -d 'Searches the documentation titles for a word'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "list_notes" -d 'Lists the saved notes, all of them or those with one tag'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "divide" -d 'Divides one number by another'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "completions" -d 'Print a completion script for a shell'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "man" -d 'Print the man page (roff) of this program, or of one of its commands'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "mcp" -d 'Serve these tools over MCP (Model Context Protocol) on stdio, or HTTP with --http'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "ai-sdk-tools" -d 'Print the ES module that gives these tools to the AI SDK over MCP'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "check" -d 'Check a call\'s JSON arguments, read on standard input, without running the tool'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "pi-extension" -d 'Print a TypeScript extension that gives Pi and OMP these tools'
complete -c cli -n "__fish_cli_using_subcommand help; and not __fish_seen_subcommand_from slugify move_point search list_notes divide completions man mcp ai-sdk-tools check pi-extension help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
