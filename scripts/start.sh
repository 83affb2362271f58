#!/bin/sh
# `npm start`: runs the servers (scripts/start.mjs, one process) and starts them again when that
# process dies on its own (a crash, kill -9, a start that failed on a busy machine), after 1 s, then
# 2, 4, 8, 16 and at most 30 s while it keeps dying within a minute of its start, saying so each time
# (docs/DEPLOYMENT.md, "Start-up waits"). A start refused for a reason a restart cannot fix (a bad
# setting, a data folder in use: exit code 78) is not tried again. SIGTERM or SIGINT stop the servers
# (start.mjs drains within 10 s) and then this script, with their exit code.
#
# A shell, not Node: it stays resident beside the servers for as long as they run, in about 2 MB
# instead of the 40 MB of another Node process.

NOT_RESTARTED=78
delay=1
child=""
stopping=""

stop() {
  stopping=1
  if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null; fi
}
trap stop TERM INT HUP

while :; do
  began=$(date +%s)
  node scripts/start.mjs "$@" &
  child=$!
  wait "$child"
  code=$?
  # A signal this script traps ends `wait` early: wait again for the servers to finish stopping.
  while kill -0 "$child" 2>/dev/null; do
    wait "$child"
    code=$?
  done
  # Its status, unless this shell collected it already (127: no such child).
  wait "$child" 2>/dev/null
  last=$?
  if [ "$last" -ne 127 ]; then code=$last; fi
  child=""
  if [ -n "$stopping" ]; then exit "$code"; fi
  case "$code" in
    0) exit 0 ;;
    "$NOT_RESTARTED")
      echo "npm start: not started again; fix what the lines above say, then run npm start." >&2
      exit 1
      ;;
  esac
  up=$(($(date +%s) - began))
  # Up for a minute or more: the back-off starts again from 1 s.
  if [ "$up" -ge 60 ]; then delay=1; fi
  if [ "$code" -gt 128 ]; then how="killed by signal $((code - 128))"; else how="exit code $code"; fi
  echo "npm start: the servers stopped ($how, ${up} s after their start); starting them again in ${delay} s." >&2
  sleep "$delay" &
  child=$!
  wait "$child"
  child=""
  if [ -n "$stopping" ]; then exit 0; fi
  delay=$((delay * 2))
  if [ "$delay" -gt 30 ]; then delay=30; fi
done
