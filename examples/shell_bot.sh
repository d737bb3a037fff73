#!/bin/sh
# A Love Letter bot in POSIX shell, speaking the bot protocol (docs/reference/bot-protocol.md) on stdin/stdout:
#
#   loveletter tournament --player easy --player Shell=examples/shell_bot.sh
#
# It reads one JSON message a line and answers the two that ask: "hello" (the protocol's version and its name)
# and "decide" (one of the view's legal actions, in action notation, with the question's id). It plays the first
# legal action that does not discard a Princess; a bot needs no JSON library to play, only the legal actions.
# Whatever it writes to stderr goes to its log, never to the tournament's screen.

while IFS= read -r line; do
    case $line in
    '{"type":"hello"'*)
        printf '%s\n' '{"type":"hello","protocol":1,"name":"shell"}'
        ;;
    '{"type":"decide"'*)
        id=$(printf '%s\n' "$line" | sed 's/^{"type":"decide","id":\([0-9]*\),.*/\1/')
        # The legal actions, one a line: notation holds no quotes, brackets or bars.
        legal=$(printf '%s\n' "$line" | sed 's/.*"legal_actions":\[\([^]]*\)\].*/\1/; s/","/|/g; s/"//g' | tr '|' '\n')
        choice=$(printf '%s\n' "$legal" | grep -v '^Princess' | head -n 1)
        [ -n "$choice" ] || choice=$(printf '%s\n' "$legal" | head -n 1)
        echo "seat's choice at question $id: $choice" >&2
        printf '{"type":"action","id":%s,"action":"%s"}\n' "$id" "$choice"
        ;;
    '{"type":"bye"'*)
        exit 0
        ;;
    esac
done
