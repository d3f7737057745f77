import { BrowserMultiFormatReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';

/**
 * The barcode decoder of the camera scanner (ZXing, pure JS). This file is imported only with
 * `import()` when the camera dialog opens, so the library is a chunk of its own and never part of
 * the shell or of a page that merely shows a serial field.
 */

/** The symbologies a serial or IMEI comes in: Code 128, EAN/UPC, QR and Data Matrix. */
export const SCANNED_FORMATS = [
  BarcodeFormat.CODE_128,
  BarcodeFormat.EAN_13,
  BarcodeFormat.EAN_8,
  BarcodeFormat.UPC_A,
  BarcodeFormat.UPC_E,
  BarcodeFormat.QR_CODE,
  BarcodeFormat.DATA_MATRIX,
];

export type FrameDecoder = (video: HTMLVideoElement) => string | null;

/**
 * A decoder of one video frame at a time: draws the current frame on a canvas it keeps and answers
 * the decoded text, or null when the frame holds no readable code (or no picture yet).
 */
export function createFrameDecoder(): FrameDecoder {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, SCANNED_FORMATS],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    // HAVE_CURRENT_DATA: a frame is decoded (a fresh stream may report its size before that).
    if (!context || !width || !height || video.readyState < 2) return null;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    try {
      const text = reader.decodeFromCanvas(canvas).getText().trim();
      return text || null;
    } catch {
      // NotFound, checksum or format errors: nothing readable in this frame.
      return null;
    }
  };
}
