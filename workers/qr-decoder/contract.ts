// The QR decoder worker (issue 28, /verify's scan mode): a camera frame in, the QR's text out, off
// the main thread (browsers without BarcodeDetector decode here with jsQR).

export interface QrDecoderApi {
  /**
   * Decodes the QR code in one frame (moved to the worker and closed there; drawn at most
   * `QR_SCAN_WIDTH` wide); null when none is found.
   */
  decodeQr(frame: ImageBitmap | VideoFrame): Promise<string | null>;
}

/** Frames are decoded at most this wide: plenty for a QR that fills part of the picture. */
export const QR_SCAN_WIDTH = 960;
