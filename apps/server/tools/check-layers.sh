#!/usr/bin/env sh
# Layer checks of the server (issue 12, "House in order"): dependencies point one way,
# http → modules → ledger / venues → db. A one-off grep list; prints offenders, exits 1 on any.
# Run from anywhere: sh apps/server/tools/check-layers.sh
cd "$(dirname "$0")/../src" || exit 2
status=0
check() { # $1 = rule, stdin = offending lines
  out=$(cat)
  if [ -n "$out" ]; then
    printf 'FAIL %s\n%s\n' "$1" "$out"
    status=1
  else
    printf 'ok   %s\n' "$1"
  fi
}
IMPORT_RE="(from|import\\() *['\"]"

# (a) Only the HTTP layer imports http/: http/ itself, the route tables (modules/*/routes.ts) and the app's composition root (app.ts).
grep -rnE "${IMPORT_RE}(\\.\\.?/)+http/" --include='*.ts' . |
  grep -vE '^\./http/|^\./modules/[^/]+/routes\.ts:|^\./app\.ts:' |
  check '(a) no non-HTTP file imports http/ (services, repositories, ledger, venues, jobs, providers, db, realtime, ops)'

# (b) Services get a MemberCaller where login is required: the member is there by type, never asserted.
grep -rnE 'ctx\.member!|ctx\.idempotencyKey!' --include='*.ts' . |
  check '(b) no ctx.member! (nor ctx.idempotencyKey!)'

# (c) db/ is the bottom layer: its code imports no module (the migration tests exercise module queries, so *.test.ts are exempt).
grep -rnE "${IMPORT_RE}(\\.\\.?/)+modules/" --include='*.ts' db |
  grep -v '\.test\.ts:' |
  check '(c) db/ imports no modules/'

# (d) The ledger, venues and providers import no module; packages/* import nothing of the apps.
grep -rnE "${IMPORT_RE}(\\.\\.?/)+modules/" --include='*.ts' ledger venues providers |
  grep -v '\.test\.ts:' |
  check '(d1) ledger/, venues/, providers/ import no modules/'
grep -rnE "${IMPORT_RE}[^'\"]*apps/" --include='*.ts' --include='*.tsx' ../../../packages/*/src |
  check '(d2) packages/* import nothing of apps/'

exit $status
