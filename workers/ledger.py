"""A durable record of every job until it is done: who runs it now, and what became of it.

Celery alone forgets a job in several ways: a task killed at the hard time limit is gone, a
retry whose countdown outlives the broker's visibility timeout is handed to a second worker, and
a job that gave up while GitHub was down leaves its check run "in progress". Each job (by its
Celery task id, stable across retries and redeliveries) therefore has an entry in Redis:

- `begin` takes the attempt's lease (`holder`, for `lease_seconds`): a second copy of the same
  task that arrives while the lease is held is told "busy" and must not run. An earlier attempt
  that began and never ended was killed: counted as a crash, or `stopped` with the reason the
  worker's main process recorded (the hard time limit), so the next attempt can finish the job
  with that reason instead of being killed the same way again.
- `end` deletes the entry; `wait` (a Celery retry), `park` (a retry too long for the broker) and
  `gave_up` (the failure could not be reported) release the lease and say when the entry is due.
- The web app writes each job's first entry, "queued", with the job's message (bot/queue.py).
- The periodic recovery (workers/recovery.py) sends again every entry that is due: parked
  retries at their time, reports that failed after a backoff, and jobs whose message was lost.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import redis

from bot.queue import LEDGER_INDEX as INDEX
from bot.queue import LEDGER_KEY as KEY
from bot.queue import LEDGER_TTL_SECONDS as ENTRY_TTL_SECONDS

# States in which the job has no message of its own in the broker: the recovery sends it.
WITHOUT_MESSAGE = frozenset({"parked", "gave_up"})
MAX_GIVE_UP_BACKOFF_SECONDS = 6 * 3600

# KEYS: entry, index. ARGV: holder, now, lease_until, due, name, queue, kwargs, retries, ttl, id.
_BEGIN = """
local now = tonumber(ARGV[2])
local lease = redis.call('HGET', KEYS[1], 'lease')
local lease_until = tonumber(redis.call('HGET', KEYS[1], 'lease_until') or '0')
if lease and lease ~= '' and lease ~= ARGV[1] and lease_until > now then
    return {'busy', '', 0, tostring(lease_until - now)}
end
local state = redis.call('HGET', KEYS[1], 'state')
local stopped = redis.call('HGET', KEYS[1], 'stopped') or ''
local crashes = tonumber(redis.call('HGET', KEYS[1], 'crashes') or '0')
if state == 'running' and stopped == '' then crashes = crashes + 1 end
redis.call('HSET', KEYS[1], 'state', 'running', 'lease', ARGV[1], 'lease_until', ARGV[3],
    'name', ARGV[5], 'queue', ARGV[6], 'kwargs', ARGV[7], 'retries', ARGV[8],
    'crashes', crashes, 'reason', '')
redis.call('HINCRBY', KEYS[1], 'attempts', 1)
redis.call('EXPIRE', KEYS[1], ARGV[9])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[10])
return {'mine', stopped, crashes, '0'}
"""
# KEYS: entry, index. ARGV: holder, id. Only the lease holder (or nobody) may end the entry.
_END = """
local lease = redis.call('HGET', KEYS[1], 'lease')
if lease and lease ~= '' and lease ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1
"""
# KEYS: entry, index. ARGV: holder, id, state, due, retries ('' keeps it), reason, now, base, cap.
# With a base (a give-up), due = now + base * 2^(earlier give-ups), capped: the backoff of a
# report that keeps failing.
_RELEASE = """
local lease = redis.call('HGET', KEYS[1], 'lease')
if lease and lease ~= '' and lease ~= ARGV[1] then return 0 end
local due = tonumber(ARGV[4])
if ARGV[8] ~= '' then
    local gave_ups = redis.call('HINCRBY', KEYS[1], 'gave_ups', 1)
    local wait = tonumber(ARGV[8]) * (2 ^ math.min(gave_ups - 1, 10))
    due = tonumber(ARGV[7]) + math.min(wait, tonumber(ARGV[9]))
end
redis.call('HSET', KEYS[1], 'state', ARGV[3], 'lease', '', 'lease_until', '0', 'reason', ARGV[6])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'retries', ARGV[5]) end
redis.call('ZADD', KEYS[2], due, ARGV[2])
return 1
"""
# KEYS: entry. ARGV: holder prefix (host:pid:), reason. From the worker's main process, about an
# attempt its pool child could not finish: free the lease that dead attempt held.
_INTERRUPTED = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local lease = redis.call('HGET', KEYS[1], 'lease') or ''
if lease ~= '' and string.sub(lease, 1, string.len(ARGV[1])) ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'lease', '', 'lease_until', '0')
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'stopped', ARGV[2]) end
return 1
"""


@dataclass(frozen=True)
class Begun:
    """What `begin` found: whether this attempt may run, and how earlier ones ended."""

    mine: bool
    stopped: str | None  # an earlier attempt was stopped, and why (the hard time limit)
    crashes: int  # earlier attempts that died without a word (the worker was killed)
    busy_for: float  # when not mine: seconds left on the other attempt's lease


@dataclass(frozen=True)
class Entry:
    """A job the recovery may send again."""

    task_id: str
    name: str
    queue: str
    kwargs: dict[str, Any]
    retries: int
    state: str  # queued, running, waiting, parked, gave_up, resent
    resends: int  # times sent again because its message was lost (parked retries not counted)
    gave_ups: int  # times it gave up and could not report it
    reason: str
    queued_at: float  # when the web app queued it (0 for a job queued otherwise)


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Ledger:
    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self._begin = client.register_script(_BEGIN)
        self._end = client.register_script(_END)
        self._release = client.register_script(_RELEASE)
        self._interrupted = client.register_script(_INTERRUPTED)

    @staticmethod
    def key(task_id: str) -> str:
        return KEY.format(task_id=task_id)

    def begin(
        self,
        task_id: str,
        *,
        name: str,
        queue: str,
        kwargs: dict[str, Any],
        retries: int,
        holder: str,
        lease_seconds: float,
        lost_after: float,
    ) -> Begun:
        """Start an attempt: take the lease, unless another live attempt holds it.

        `lost_after`: seconds after which, if this attempt has not ended, its message must have
        been lost (no redelivery came), so the recovery sends the job again.
        """
        now = time.time()
        answer = self._begin(
            keys=[self.key(task_id), INDEX],
            args=[
                holder,
                now,
                now + lease_seconds,
                now + lost_after,
                name,
                queue,
                json.dumps(kwargs),
                retries,
                ENTRY_TTL_SECONDS,
                task_id,
            ],
        )
        status, stopped, crashes, busy_for = (_text(item) for item in answer)
        return Begun(status == "mine", stopped or None, int(crashes), float(busy_for))

    def end(self, task_id: str, holder: str) -> bool:
        """The job is done (posted, or its failure reported): forget it."""
        return bool(self._end(keys=[self.key(task_id), INDEX], args=[holder, task_id]))

    def _set(
        self,
        task_id: str,
        holder: str,
        state: str,
        *,
        due_in: float = 0.0,
        retries: int | None = None,
        reason: str = "",
        backoff: float | None = None,
    ) -> bool:
        now = time.time()
        return bool(
            self._release(
                keys=[self.key(task_id), INDEX],
                args=[
                    holder,
                    task_id,
                    state,
                    now + due_in,
                    "" if retries is None else retries,
                    reason,
                    now,
                    "" if backoff is None else backoff,
                    MAX_GIVE_UP_BACKOFF_SECONDS,
                ],
            )
        )

    def wait(self, task_id: str, holder: str, *, lost_after: float) -> bool:
        """A Celery retry was sent; if it never arrives within `lost_after`, send it again."""
        return self._set(task_id, holder, "waiting", due_in=lost_after)

    def park(self, task_id: str, holder: str, *, due_in: float, retries: int) -> bool:
        """Retry in `due_in` seconds through the recovery, not as a broker message: a message
        waiting longer than the visibility timeout would be handed to a second worker."""
        return self._set(task_id, holder, "parked", due_in=due_in, retries=retries)

    def gave_up(self, task_id: str, holder: str, reason: str, *, backoff: float) -> bool:
        """The job failed for good and saying so failed too (GitHub is down): run it again
        later, after `backoff` seconds doubled by every earlier give-up (at most 6 hours)."""
        return self._set(task_id, holder, "gave_up", reason=reason, retries=0, backoff=backoff)

    def interrupted(self, task_id: str, holder_prefix: str, stopped: str | None) -> bool:
        """An attempt of `holder_prefix` (host:pid:) died: free its lease; `stopped` says why
        when the worker knows (the hard time limit), for the next attempt to report."""
        return bool(
            self._interrupted(keys=[self.key(task_id)], args=[holder_prefix, stopped or ""])
        )

    def due(self, *, limit: int = 100) -> list[Entry]:
        """Entries whose time has come, oldest first."""
        ids = self.client.zrangebyscore(INDEX, "-inf", time.time(), start=0, num=limit)
        entries = []
        for raw_id in ids:
            task_id = _text(raw_id)
            data = {_text(k): _text(v) for k, v in self.client.hgetall(self.key(task_id)).items()}
            if not data.get("name"):
                self.client.zrem(INDEX, task_id)  # expired entry: nothing to send
                continue
            entries.append(
                Entry(
                    task_id=task_id,
                    name=data["name"],
                    queue=data.get("queue", ""),
                    kwargs=json.loads(data.get("kwargs") or "{}"),
                    retries=int(data.get("retries") or 0),
                    state=data.get("state", ""),
                    resends=int(data.get("resends") or 0),
                    gave_ups=int(data.get("gave_ups") or 0),
                    reason=data.get("reason", ""),
                    queued_at=float(data.get("queued_at") or 0),
                )
            )
        return entries

    def leases(self) -> list[tuple[str, str]]:
        """(task id, lease holder) of every entry whose lease is taken."""
        found = []
        for raw_id in self.client.zrange(INDEX, 0, -1):
            task_id = _text(raw_id)
            lease = self.client.hget(self.key(task_id), "lease")
            if lease:
                found.append((task_id, _text(lease)))
        return found

    def lease_until(self, task_id: str) -> float:
        raw = self.client.hget(self.key(task_id), "lease_until")
        return float(_text(raw)) if raw is not None else 0.0

    def resent(self, entry: Entry, *, lost_after: float) -> None:
        """The recovery sent the job again; if that copy never starts either, try once more."""
        pipe = self.client.pipeline()
        pipe.hset(self.key(entry.task_id), "state", "resent")
        if entry.state not in WITHOUT_MESSAGE:  # its message was lost
            pipe.hincrby(self.key(entry.task_id), "resends", 1)
        pipe.zadd(INDEX, {entry.task_id: time.time() + lost_after})
        pipe.execute()

    def postpone(self, task_id: str, until: float) -> None:
        self.client.zadd(INDEX, {task_id: until})

    def drop(self, task_id: str) -> None:
        self.client.delete(self.key(task_id))
        self.client.zrem(INDEX, task_id)
