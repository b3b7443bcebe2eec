// The QR decoder worker (issue 28, /verify's scan mode): a camera frame in, the QR's text out, off
// the main thread (browsers without BarcodeDetector decode here with jsQR).

export interface QrDecoderApi {
  /** Decodes the QR code in one frame (moved to the worker and closed there); null when none is found. */
  decodeQr(frame: ImageBitmap): Promise<string | null>;
}
