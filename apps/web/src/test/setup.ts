/**
 * Component-test setup: the app loads non-shell i18n namespaces lazily (app/i18n.ts); tests render
 * components directly, so every namespace is loaded before any test runs.
 */
import { loadAllNamespaces } from '../app/i18n.ts';

await loadAllNamespaces();

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine antd's animations and
// lazy chunks can take longer, which made waits flaky without testing anything more.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5_000 });
