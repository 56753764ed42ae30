// The system SQLite (libsqlite3-dev), for the library index. Only the public C API is used.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import; this constant stands in for it.
static const sqlite3_destructor_type CSQLite_TRANSIENT = (sqlite3_destructor_type)-1;
