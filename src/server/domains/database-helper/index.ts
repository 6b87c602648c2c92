// The database-helper domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { databaseHelperRoutes } from './database-helper.routes';
export { createDatabaseHelperService } from './database-helper.service';
