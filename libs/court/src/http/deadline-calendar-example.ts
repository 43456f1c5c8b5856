/** What a deadline calendar looks like, for the OpenAPI examples of every route that serves one (`text/calendar`). */
export const DEADLINE_CALENDAR_EXAMPLE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Estate Desk//Probate deadlines//EN',
  'BEGIN:VEVENT',
  'UID:01JF7Q7D0E1A2D3M4N5E6S7A8B@estate-desk',
  'DTSTART;VALUE=DATE:20261230',
  'SUMMARY:Creditor claim period ends',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-P14D',
  'DESCRIPTION:Creditor claim period ends',
  'END:VALARM',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
