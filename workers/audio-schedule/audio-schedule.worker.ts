// Entry point only: exposes the plain timeline over Comlink.
import * as Comlink from 'comlink';
import { exposeApi } from '../_shared/expose-api.ts';
import { createAudioSchedule } from './audio-schedule.ts';

exposeApi(Comlink, createAudioSchedule());
