// Entry point only: the plain encoder with the worker's OffscreenCanvas.
import * as Comlink from 'comlink';
import { exposeApi } from '../_shared/expose-api.ts';
import { createPhotoEncoder } from './photo-encoder.ts';

exposeApi(Comlink, createPhotoEncoder());
