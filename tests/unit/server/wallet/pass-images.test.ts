import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { passImages } from '../../../../src/server/wallet/pass-images';

/** The pixel (x, y) of a decoded PNG as [r, g, b, a]. */
function pixel(png: PNG, x: number, y: number): number[] {
  const at = (y * png.width + x) * 4;
  return [...png.data.subarray(at, at + 4)];
}

describe('the pass images', () => {
  const files = passImages({ background: 'rgb(17, 34, 51)', foreground: 'rgb(255, 255, 255)' });

  it('are PNG files Wallet can read, at 1x, 2x and 3x', () => {
    const sizes = Object.fromEntries(Object.entries(files).map(([name, bytes]) => {
      const png = PNG.sync.read(bytes);
      return [name, `${png.width}×${png.height}`];
    }));
    expect(sizes).toEqual({
      'icon.png': '29×29', 'icon@2x.png': '58×58', 'icon@3x.png': '87×87',
      'logo.png': '50×50', 'logo@2x.png': '100×100', 'logo@3x.png': '150×150',
    });
  });

  it('draw the ticket in the foreground colour: on the background in the icon, on transparency in the logo', () => {
    const icon = PNG.sync.read(files['icon@3x.png']);
    expect(pixel(icon, 0, 0)).toEqual([17, 34, 51, 255]);
    expect(pixel(icon, 20, 43)).toEqual([255, 255, 255, 255]);
    const logo = PNG.sync.read(files['logo@3x.png']);
    expect(pixel(logo, 0, 0)[3]).toBe(0);
    expect(pixel(logo, 30, 75)).toEqual([255, 255, 255, 255]);
  });

  it('are drawn once per pair of colours', () => {
    expect(passImages({ background: 'rgb(17, 34, 51)', foreground: 'rgb(255, 255, 255)' })).toBe(files);
  });
});
