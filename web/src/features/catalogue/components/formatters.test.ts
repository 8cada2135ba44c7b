import { describe, expect, it } from 'vitest';
import { formatBytes as formatSize } from '../../../utils/format-bytes.ts';
import { formatDuration } from './syllabus.tsx';

describe('detail page formatters', () => {
  it('shows lesson lengths as m:ss, or h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(477)).toBe('7:57');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(9785.4)).toBe('2:43:05');
  });

  it('shows file sizes in 1024-based units with one decimal', () => {
    expect(formatSize(900)).toBe('900 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(25 * 1024 * 1024)).toBe('25.0 MB');
    expect(formatSize(3.2 * 1024 ** 3)).toBe('3.2 GB');
  });
});
