// The server's one source of "now". Services never read the wall clock: routes and background jobs
// pass `app.clock.now()`, or the time the event itself carries (a courier scan, a completion), so a
// record is stamped with the moment it describes and tests can pin time instead of depending on the
// day they run. `created_at` columns still default to the database's now() for rows nobody compares.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
