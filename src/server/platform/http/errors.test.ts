import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

describe('isDatabaseUnavailable', () => {
  it("knows PostgreSQL's shutdown and connection classes and refused sockets, also wrapped as a cause", () => {
    for (const code of ['57P01', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
      expect(isDatabaseUnavailable(new Error('query failed', { cause: Object.assign(new Error('x'), { code }) })), code).toBe(true);
    }
  });

  it("knows the pg driver's code-less errors for a connection lost mid-query", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: new Error(message) })), message).toBe(true);
    }
  });

  it('leaves every other error alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else terminated'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
