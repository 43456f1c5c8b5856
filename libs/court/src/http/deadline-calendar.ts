import ical, { ICalAlarmType, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { addDays } from '../domain/calendar-date';
import { deadlineStatusOn, type ProbateDeadline } from '../domain/probate-deadline';
import type { RecordFields } from '@estate/shared-kernel';

/**
 * The case's deadlines as an iCalendar feed (RFC 5545), written by ical-generator. One all-day VEVENT per deadline;
 * its UID is the deadline's id (stable across fetches and edits, so a subscribed calendar updates the event instead
 * of adding one), its DTSTAMP the deadline's last change and SEQUENCE its version. VEVENT has no COMPLETED status
 * (RFC 5545 §3.8.1.11 gives it TENTATIVE, CONFIRMED, CANCELLED), so: a waived deadline is `STATUS:CANCELLED`; a
 * completed one stays `STATUS:CONFIRMED`, free time (`TRANSP:TRANSPARENT`), with `[Completed]` before its summary and
 * the `completed` category; an open one is `CONFIRMED` with a display VALARM `reminder_days_before` days ahead when set.
 */
export function deadlineCalendar(caseId: string, deadlines: ReadonlyArray<RecordFields<ProbateDeadline>>, today: string): string {
  const calendar = ical({
    name: 'Estate Desk: probate deadlines',
    prodId: { company: 'Estate Desk', product: 'probate-deadlines', language: 'EN' },
    description: `Probate deadlines of case ${caseId}`,
  });
  for (const deadline of deadlines) {
    const status = deadlineStatusOn(deadline, today);
    const label = status === 'completed' ? '[Completed] ' : status === 'waived' ? '[Waived] ' : status === 'overdue' ? '[Overdue] ' : '';
    const event = calendar.createEvent({
      id: `${deadline.id}@estate-desk`,
      sequence: Math.max(deadline.version - 1, 0),
      stamp: deadline.updatedAt,
      start: deadline.dueDate,
      end: addDays(deadline.dueDate, 1),
      allDay: true,
      summary: `${label}${deadline.title}`,
      description: [deadline.description, deadline.rule ? `Rule: ${deadline.rule.citation}` : null, deadline.completedDate ? `Completed on ${deadline.completedDate}` : null]
        .filter(Boolean)
        .join('\n'),
      status: status === 'waived' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      transparency: status === 'completed' || status === 'waived' ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
      categories: [{ name: deadline.type }, { name: status }],
    });
    if ((status === 'upcoming' || status === 'overdue') && deadline.reminderDaysBefore !== null) {
      event.createAlarm({ type: ICalAlarmType.display, trigger: deadline.reminderDaysBefore * 86_400, description: `Due ${deadline.dueDate}: ${deadline.title}` });
    }
  }
  return calendar.toString();
}
