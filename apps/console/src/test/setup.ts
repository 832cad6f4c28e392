/** Component-test setup: unmount after each test; antd without motion (happy-dom never ends its frame loops). */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });
const { default: ConfigProvider } = await import('antd/es/config-provider');
ConfigProvider.config({ theme: { token: { motion: false } } });
afterEach(() => cleanup());
