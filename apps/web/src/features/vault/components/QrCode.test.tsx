import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode, qrPath } from './QrCode';

describe('qrPath', () => {
  it('draws the three finder patterns of a version-1 symbol inside a 2-module quiet zone', () => {
    const { size, d } = qrPath('hello');
    expect(size).toBe(21 + 4);
    const runs = d.match(/M\d+ \d+h\d+/g)!;
    // Top row of the symbol: a 7-module bar at each top corner.
    expect(runs).toContain('M2 2h7');
    expect(runs).toContain('M16 2h7');
    // Bottom-left finder's last row.
    expect(runs).toContain('M2 22h7');
    // Nothing in the quiet zone.
    expect(runs.every((run) => Number(run.split(' ')[0]!.slice(1)) >= 2)).toBe(true);
  });

  it('grows with the data: a 62-character Stellar address needs a larger version', () => {
    expect(qrPath('GAJ5RIVHLSGBHYDTQGEONNTUOTQVTPNP3VOXRBTYFT4P4NDWPJ6Q6F5H').size).toBeGreaterThan(25);
  });
});

describe('QrCode', () => {
  it('is an image named by its label, or hidden from assistive technology without one', () => {
    const { container } = render(
      <>
        <QrCode value="0xabc" size={100} label="0xabc" />
        <QrCode value="0xdef" size={50} />
      </>,
    );
    expect(screen.getByRole('img', { name: '0xabc' })).toHaveAttribute('width', '100');
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
  });
});
