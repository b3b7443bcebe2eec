// Shared facts of the product (spec constants, the proctoring rule, the server's messages) for the
// server, the SPA and the workers. Plain constants and pure functions: no zod, no imports from
// outside this folder, so any bundle can take them without pulling in anything else.
export * from './sections.ts';
export * from './violations.ts';
export * from './speech.ts';
export * from './photos.ts';
export * from './proficiency.ts';
export * from './messages.ts';
export * from './staff.ts';
export * from './privacy.ts';
export * from './accommodations.ts';
export * from './sessions.ts';
export * from './staff-operator.ts';
export * from './review.ts';
export * from './face-states.ts';
export * from './evidence.ts';
export * from './insights.ts';
export * from './session-live.ts';
