// Entry point only: the plain decoder with the worker's OffscreenCanvas.
import * as Comlink from 'comlink';
import { exposeApi } from '../_shared/expose-api.ts';
import { createQrDecoder } from './qr-decoder.ts';

exposeApi(Comlink, createQrDecoder());
