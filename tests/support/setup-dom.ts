import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` end as soon as their condition holds; their limit only ends a test that would
// otherwise wait forever, so it is far above what any wait takes on a loaded machine (decision 045).
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => cleanup());
