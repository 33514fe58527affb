import type { Linter } from 'eslint';

export declare const boundaries: Linter.Config[];
export declare const webBoundaries: Linter.Config[];
