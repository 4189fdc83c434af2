// What `wave --help`, `wave web --help` and `wave trust --help` print. Kept by hand so it reads
// well; parse-cli-args.ts and trust-command.ts are the truth about which flags exist, and tests
// check that they agree.

export const HELP_TEXT = `wave: a coding agent that streams a model's work live to your terminal or browser.

Usage:
  wave [options]                start the interactive terminal UI
  wave -p "PROMPT" [options]    answer one prompt, print the answer, exit (print mode)
  echo "PROMPT" | wave -p       in print mode the prompt can come from stdin
  wave --stdio                  JSON-RPC 2.0 on stdin/stdout, for the VS Code and desktop hosts;
                                each message is framed as LSP frames it:
                                Content-Length: <bytes>\\r\\n\\r\\n<JSON> (not one JSON per line)
  wave --acp                    the Agent Client Protocol on stdin/stdout (one JSON-RPC
                                message per line), for editors such as Zed
  wave web [--port N] [--no-open]
                                the chat UI in your browser: served on 127.0.0.1 behind a
                                random token, the address printed on stdout; Ctrl+C stops it
  wave trust [DIR]              trust a folder (default: this one) with what its files turn on
                                (rules, hooks, servers, listed in full), for scripts and CI
  wave trust --list | --revoke DIR
                                list the trusted folders, or forget one
  wave mcp add|add-json|list|get|remove|reset-project-choices
                                manage MCP servers as claude mcp does (wave mcp --help)
  wave plugin ...               Claude Code plugins: marketplaces, install, enable, list
                                (wave plugin --help)

Options:
  -p, --print [PROMPT]          print mode: the answer on stdout, then exit; a terminal sees
                                it stream, a pipe gets each reply once it is complete
      --output-format FORMAT    print mode output: text (default), json or stream-json
                                (every event live, as on the wire)
      --provider NAME           anthropic, openai, google, vertex, bedrock or demo
      --model NAME              the model, e.g. claude-sonnet-4-5, or a configured model's name
      --base-url URL            the model API endpoint (OpenAI-compatible URLs end in /v1)
      --api-key KEY             the API key (prefer WAVE_API_KEY: flags show in ps)
      --permission-mode MODE    default, acceptEdits, plan, dontAsk (refuse what no rule
                                allows, for CI) or bypassPermissions
      --allowedTools RULES      allow rules, as in permissions.allow: "Bash(git log:*) Edit"
      --disallowedTools RULES   deny rules; a bare tool name takes the tool away
      --add-dir DIR             one more work folder (repeat for more)
      --effort LEVEL            how hard the model thinks: off, low, medium, high or max
      --max-turns N             model calls per message before Wave stops (default 50)
      --sandbox                 run commands in the sandbox (bubblewrap on Linux): they write
                                only the work folder and cannot use the network or read
                                credentials (the "sandbox" setting says what more they may)
      --no-sandbox              run commands without the sandbox, whatever the settings say
      --cwd DIR                 work in DIR instead of the current directory
  -r, --resume [ID]             continue a saved session of this directory; without an
                                ID, choose one from a list (not in print mode)
  -c, --continue                continue the newest session of this directory
      --stdio                   the JSON-RPC bridge for editor hosts (Content-Length framing)
      --acp                     the Agent Client Protocol for editors (Zed, JetBrains, Neovim)
      --port N                  wave web: listen on port N (default: a free port)
      --host HOST               wave web: listen on HOST instead of 127.0.0.1 (anyone who can
                                reach HOST and has the printed address can use Wave)
      --no-open                 wave web: do not open a browser
      --mcp-config FILE|JSON…   MCP servers for this run, from files or JSON strings of
                                {"mcpServers": {…}}; they start without the trust question
      --strict-mcp-config       use only the servers of --mcp-config
      --settings FILE|JSON      one more settings file (or its JSON), over all the others
      --setting-sources LIST    the settings files read: user, project, local (comma-
                                separated; "" for none); all of them by default
  -v, --version                 print the version, and which model Wave would use and why
  -h, --help                    print this help

Claude Code's print-mode flags, with claude -p's meaning (print mode only, but the last):
      --session-id ID           the new session's id (with -r/-c, the fork's: --fork-session)
      --fork-session            with -r/-c: go on in a copy of the session, under a new id
      --no-session-persistence  write no session to disk (nothing to -c or -r later)
      --system-prompt TEXT      the system prompt instead of Wave's own (memory files follow)
      --system-prompt-file FILE the same, read from FILE
      --append-system-prompt TEXT
                                said at the end of the system prompt
      --append-system-prompt-file FILE
                                the same, read from FILE
      --tools LIST              the built-in tools the model has: "Read,Grep", "" for none,
                                "default" for all
      --dangerously-skip-permissions
                                = --permission-mode bypassPermissions (settings may forbid it)
      --max-budget-usd AMOUNT   stop once the session has cost AMOUNT US dollars (json:
                                subtype "error_max_budget_usd", exit 1); a model without a
                                known price cannot be measured, so the run does not start
      --fallback-model MODEL    when the model is overloaded or unavailable after its retries,
                                the turn goes on with MODEL (or the next of M1,M2)
      --json-schema SCHEMA      the final answer must be JSON matching this JSON Schema; it
                                is json's "structured_output" (no match: exit 1)
      --input-format stream-json
                                with --output-format stream-json: user messages one JSON
                                line each on stdin, turns of one session (Claude Code's
                                headless protocol, as wave-claude speaks it)

Configuration (flags override the environment, which overrides settings files):
  WAVE_PROVIDER WAVE_MODEL WAVE_BASE_URL WAVE_API_KEY
                                the model; ANTHROPIC_* and OPENAI_* variables work too
  WAVE_HOME                     settings, sessions and logs (default ~/.wave)
  WAVE_MAX_RETRIES              retries of a failed model call (default 4)
  WAVE_DEBUG=1                  a bug's error shows where it happened (its stack trace)
  $WAVE_HOME/settings.json      user settings: provider, model, baseURL, apiKey,
                                permissionMode, allowedTools, and configured models
                                (models, defaultModel, modelFor; see the README)
  .wave/settings.json           project settings in the working directory: they override
                                the user's and never hold an API key; what they ask for beyond
                                the defaults (a higher permission mode, allowedTools, provider,
                                baseURL, a model with its own endpoint or key) needs your
                                trust: wave asks once per folder and keeps the answer in
                                $WAVE_HOME/trusted-folders.json

With nothing configured Wave runs an offline demo model and says so.
Exit codes: 0 done (also a reply cut off at the model's output limit: a warning says so,
and json has stop_reason "max_tokens"), 1 the turn failed (e.g. the model API could not be
reached) or the model refused to answer, 2 bad arguments or configuration, 130 interrupted
(Ctrl-C).
`;

/** What `wave web --help` prints: the web command and the flags that apply to it. */
export const WEB_HELP_TEXT = `wave web: the chat UI in your browser, served on 127.0.0.1 behind a random token.

Usage:
  wave web [--port N] [--host HOST] [--no-open] [options]

The address (with its token) is printed on stdout; log lines go to stderr. Ctrl+C stops it.

Options:
      --port N                  listen on port N (default: a free port)
      --host HOST               listen on HOST instead of 127.0.0.1 (anyone who can reach HOST
                                and has the printed address can use Wave)
      --no-open                 do not open a browser
  -h, --help                    print this help

The model, permission and sandbox options of wave --help apply here too.
`;

/** What `wave trust --help` prints. */
export const TRUST_HELP_TEXT = `wave trust: workspace trust without a terminal, for scripts and CI.

Usage:
  wave trust [DIR]              trust DIR (default: this folder) with what its files turn on
                                (rules, hooks, servers), listed in full; what they add later
                                is asked about again
  wave trust --list             list the trusted folders and what each was trusted with
  wave trust --revoke DIR       forget DIR: its files' rules, hooks and servers wait for your
                                yes again
  wave trust -h, --help         print this help

Trust is kept in $WAVE_HOME/trusted-folders.json (default ~/.wave).
`;
