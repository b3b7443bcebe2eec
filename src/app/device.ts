// Device gate (spec section 1): the test runs only on laptops and desktops, in Google Chrome.

export interface DeviceInfo {
  userAgent: string;
  maxTouchPoints: number;
  /** The shorter side of the screen in CSS pixels. */
  screenShortSide: number;
}

export function currentDevice(): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    screenShortSide: Math.min(screen.width, screen.height),
  };
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|BB10|IEMobile|Opera Mini|webOS/i;

/** Phones and tablets: by user agent, iPadOS posing as a Mac, or a small touch-only screen. */
export function isMobileDevice({ userAgent, maxTouchPoints, screenShortSide }: DeviceInfo): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  // iPadOS 13+ sends a desktop Safari user agent; only its touch points give it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return true;
  // Touch laptops exist, so touch alone is not enough: touch plus a phone/tablet-sized screen is.
  return maxTouchPoints > 0 && screenShortSide > 0 && screenShortSide < 600;
}

/** Chrome (and Chromium, which behaves the same), but not the browsers that reuse its engine and token. */
export function isChrome(userAgent: string): boolean {
  return /(Chrome|Chromium|HeadlessChrome)\/\d/.test(userAgent) && !/Edg\/|OPR\/|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi/.test(userAgent);
}
