// The app's decorations (app.db, app.tokens, app.clock, …) are declared by its plugins. The server
// project's declaration of buildApp() does not import those plugins, so this project loads their
// `declare module 'fastify'` augmentations here (types only; nothing runs).
import type {} from '../../server/plugins/auth.ts';
import type {} from '../../server/plugins/certificates.ts';
import type {} from '../../server/plugins/clock.ts';
import type {} from '../../server/plugins/database.ts';
import type {} from '../../server/plugins/mailer.ts';
import type {} from '../../server/plugins/media-urls.ts';
import type {} from '../../server/plugins/blob-store.ts';
