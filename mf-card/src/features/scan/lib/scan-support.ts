// Camera scanning needs the Shape Detection API's BarcodeDetector (Chrome on Android, ChromeOS and macOS, Safari
// 17+ behind a flag...) and getUserMedia. Without either the page offers typed entry only.

export interface DetectedBarcode {
  rawValue: string;
  format: string;
}
export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
export interface BarcodeDetectorConstructor {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The window's BarcodeDetector, or null where the browser has none. */
export function barcodeDetectorClass(): BarcodeDetectorConstructor | null {
  if (typeof window === 'undefined' || !('BarcodeDetector' in window)) return null;
  const detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof detector === 'function' ? detector : null;
}

/** Whether the Scan button can be offered: a BarcodeDetector and a camera API. */
export function canScanBarcodes(): boolean {
  if (!barcodeDetectorClass()) return false;
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
