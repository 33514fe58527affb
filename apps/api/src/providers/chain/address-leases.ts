import { randomInt, randomUUID } from 'node:crypto';
import type { ChainSendsRepo } from './chain-sends.repo.js';
import { SerialQueue } from './serial-queue.js';

// A lease covers signing and broadcasting only (seconds at most), never a receipt: short, so a
// process killed while holding it stalls its address's sends for 20 s, not minutes. A waiter
// waits longer than one lease, so it outlives a dead holder's.
const LEASE_SECONDS = 20;
const LEASE_WAIT_MS = 45_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One sender per address at a time, across every process on the database (ADR 17, 42, 44): an
 * in-process queue, and a lease row that another process (API or worker) waits for. Nonces come
 * from the node's pending count, so whoever holds the lease may allocate the next one.
 */
export class AddressLeases {
  private readonly queues = new Map<string, SerialQueue>();

  constructor(
    private readonly repo: Pick<ChainSendsRepo, 'acquire' | 'release'>,
    private readonly chainId: () => number,
  ) {}

  hold<T>(address: string, task: () => Promise<T>): Promise<T> {
    const id = address.toLowerCase();
    let queue = this.queues.get(id);
    if (!queue) {
      queue = new SerialQueue();
      this.queues.set(id, queue);
    }
    return queue.run(async () => {
      const holder = randomUUID();
      const deadline = Date.now() + LEASE_WAIT_MS;
      while (!(await this.repo.acquire(this.chainId(), id, holder, LEASE_SECONDS))) {
        if (Date.now() > deadline)
          throw new Error(`Another process has been sending from ${address} for too long`);
        await sleep(randomInt(10, 50));
      }
      try {
        return await task();
      } finally {
        await this.repo.release(this.chainId(), id, holder);
      }
    });
  }
}
