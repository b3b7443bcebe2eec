// Entry point only: wires the plain clock to Comlink and the event channel.
import * as Comlink from 'comlink';
import { EventChannel } from '../_shared/event-channel.ts';
import { exposeApi } from '../_shared/expose-api.ts';
import type { ExamClockEvent } from './contract.ts';
import { createExamClock } from './exam-clock.ts';

const events = new EventChannel<ExamClockEvent>();
exposeApi(Comlink, createExamClock((event) => events.emit(event)), { events });
