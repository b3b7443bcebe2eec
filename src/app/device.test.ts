import { describe, expect, it } from 'vitest';
import { isChrome, isMobileDevice } from './device.ts';

const desktopChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const androidPhone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const androidTablet = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ipadOs = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const edge = `${desktopChrome} Edg/126.0.0.0`;
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('device gate', () => {
  const desk = { maxTouchPoints: 0, screenShortSide: 1080 };
  it('blocks phones and tablets by user agent', () => {
    expect(isMobileDevice({ userAgent: iphone, ...desk })).toBe(true);
    expect(isMobileDevice({ userAgent: androidPhone, ...desk })).toBe(true);
    expect(isMobileDevice({ userAgent: androidTablet, ...desk })).toBe(true);
  });
  it('catches iPadOS posing as a Mac, and small touch-only screens', () => {
    expect(isMobileDevice({ userAgent: ipadOs, maxTouchPoints: 5, screenShortSide: 820 })).toBe(true);
    expect(isMobileDevice({ userAgent: ipadOs, maxTouchPoints: 0, screenShortSide: 900 })).toBe(false);
    expect(isMobileDevice({ userAgent: desktopChrome, maxTouchPoints: 5, screenShortSide: 400 })).toBe(true);
  });
  it('lets laptops through, touch screens included', () => {
    expect(isMobileDevice({ userAgent: desktopChrome, ...desk })).toBe(false);
    expect(isMobileDevice({ userAgent: desktopChrome, maxTouchPoints: 10, screenShortSide: 1080 })).toBe(false);
  });
  it('recognises Chrome but not Edge or Firefox', () => {
    expect(isChrome(desktopChrome)).toBe(true);
    expect(isChrome(desktopChrome.replace('Chrome/', 'HeadlessChrome/'))).toBe(true);
    expect(isChrome(edge)).toBe(false);
    expect(isChrome(firefox)).toBe(false);
  });
});
