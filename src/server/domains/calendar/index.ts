// The calendar domain's public API: what the rest of the server may use of it. Everything else here is its own.
// Its rules are SQL functions (src/server/platform/db/sql/calendar.sql); these are the school's time zone and the
// tutor's routes around them.
export { calendarRoutes } from './calendar.routes';
export { createCalendarService, type CalendarService } from './calendar.service';
export { extensionsRoutes } from './extensions.routes';
export { createExtensionsService, type ExtensionsService } from './extensions.service';
