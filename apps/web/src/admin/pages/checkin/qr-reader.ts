/**
 * Reading a ticket's QR code in the browser (ADR 0215): the browser's own BarcodeDetector where it has one (Chrome on
 * Android, Safari on iOS 17+ behind none), else jsQR — plain JavaScript, no WebAssembly to download, so the installed
 * scanner reads codes offline too — on the camera's frames or a photo.
 */

interface DetectedCode {
  rawValue: string;
}
interface Detector {
  detect(source: CanvasImageSource | ImageBitmap | ImageData): Promise<DetectedCode[]>;
}
type DetectorClass = (new (options: {
  formats: string[];
}) => Detector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** The browser's detector when it reads QR codes; undefined otherwise. */
async function nativeDetector(): Promise<Detector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/** jsQR on pixels, loaded on first use (the console's other pages never load it). */
async function decodePixels(image: ImageData): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** A reader of one source at a time; `read` answers the code it sees, or null. */
export interface QrReader {
  read(source: HTMLVideoElement | ImageBitmap): Promise<string | null>;
}

export async function createQrReader(): Promise<QrReader> {
  const native = await nativeDetector();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(source) {
      if (native) {
        const [found] = await native.detect(source);
        return found?.rawValue ?? null;
      }
      const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
      const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
      if (!context || width === 0 || height === 0) return null;
      // A phone's camera frame is large: jsQR reads a code as well from a frame of at most 800 px, much faster.
      const scale = Math.min(1, 800 / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(source, 0, 0, canvas.width, canvas.height);
      return decodePixels(context.getImageData(0, 0, canvas.width, canvas.height));
    },
  };
}

/** The code of a photo (the camera refused, or a printout photographed). */
export async function readPhoto(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await (await createQrReader()).read(bitmap);
  } finally {
    bitmap.close();
  }
}

/**
 * jsQR fetched now where the browser has no detector of its own, so that the scanner's service worker keeps it and
 * the installed scanner reads codes with the network away too.
 */
export async function preloadQrDecoder(): Promise<void> {
  if (!(await nativeDetector())) await import('jsqr');
}
