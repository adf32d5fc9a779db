import { z } from 'zod';

// The CSP forbids eval; without this zod probes `new Function` and the browser reports a violation
// on every page, noise that would hide a real one. zod decides when a schema is built, so this
// module is imported before any other that builds one (first in main.tsx).
z.config({ jitless: true });
