// Unit-test environment: happy-dom has no IndexedDB, so idb-keyval runs on fake-indexeddb.
import 'fake-indexeddb/auto';
