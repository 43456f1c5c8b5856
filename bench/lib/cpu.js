'use strict';
/**
 * CPU time spent per request, by the API process and by the PostgreSQL backends serving the bench's database. On a
 * machine other work is loading, requests/s and latencies fall with the load; CPU per request barely moves, so it is
 * the figure to compare between runs (and what sets requests/s on a quiet machine: the API, PostgreSQL and the load
 * generator share its cores).
 *
 * PostgreSQL's time is read from /proc (Linux, server on this machine): every process whose title names the bench's
 * database (`postgres: user estate_bench 127.0.0.1(…)`). Elsewhere it prints `n/a`.
 */
const { readdirSync, readFileSync } = require('node:fs');

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU ticks by backend pid, or undefined when /proc cannot be read. */
function postgresTicks(database) {
  const ticks = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const needle = ` ${database} `;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(needle)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(entry, Number(fields[11]) + Number(fields[12])); // utime, stime
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks;
}

/** Ticks used since `before` by the backends alive now (a backend opened during the window counts from its start). */
function ticksSince(before, after) {
  let used = 0;
  for (const [pid, ticks] of after) used += ticks - (before.get(pid) ?? 0);
  return used;
}

/**
 * Starts counting; `stop(requests)` returns microseconds per request for the API process (this one) and PostgreSQL.
 * A backend that exits during the window loses its ticks (the pools keep theirs open while they are busy).
 */
function startCpuWindow(database) {
  const api = process.cpuUsage();
  const pg = postgresTicks(database);
  return {
    stop(requests) {
      const used = process.cpuUsage(api);
      const pgAfter = postgresTicks(database);
      const per = (micros) => (requests > 0 ? micros / requests : NaN);
      return {
        apiMicros: per(used.user + used.system),
        pgMicros: pg === undefined || pgAfter === undefined || pgAfter.size === 0 ? NaN : per((ticksSince(pg, pgAfter) * 1e6) / TICKS_PER_SECOND),
      };
    },
  };
}

const micros = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} µs` : 'n/a');

module.exports = { startCpuWindow, micros };
