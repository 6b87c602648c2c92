// The analytics domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { adminHomeRoutes } from './admin-home.routes';
export { createAdminHomeService } from './admin-home.service';
export { analyticsRoutes } from './analytics.routes';
export { createAnalyticsService } from './analytics.service';
export { scheduleAnalyticsFolds } from './folding';
// The spreadsheet-formula guard of a CSV cell, shared with the gradebook's CSV.
export { safeCell } from './students-csv';
