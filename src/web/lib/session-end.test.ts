import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeSignOut, onUserChange, runBeforeSignOut, runUserChange } from './session-end';

afterEach(() => {
  vi.useRealTimers();
});

describe('session end tasks', () => {
  it('sign-out waits for its tasks while they finish in time', async () => {
    const done: string[] = [];
    const stop = beforeSignOut(async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push('events sent');
    });
    await runBeforeSignOut();
    expect(done).toEqual(['events sent']);
    stop();
  });

  it('sign-out never hangs on a task, nor fails with one', async () => {
    vi.useFakeTimers();
    const stopHanging = beforeSignOut(() => new Promise(() => {}));
    const stopFailing = beforeSignOut(() => Promise.reject(new Error('offline')));
    const running = runBeforeSignOut(2000);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(running).resolves.toBeUndefined();
    stopHanging();
    stopFailing();
  });

  it('a change of user runs every task, even when one throws; a removed task no longer runs', () => {
    const ran: string[] = [];
    const stopA = onUserChange(() => {
      throw new Error('broken');
    });
    const stopB = onUserChange(() => void ran.push('queue dropped'));
    runUserChange();
    expect(ran).toEqual(['queue dropped']);
    stopB();
    runUserChange();
    expect(ran).toEqual(['queue dropped']);
    stopA();
  });
});
