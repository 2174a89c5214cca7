// CChipmunk: the one module that includes Chipmunk2D's headers (Debian's libchipmunk-dev, 7.0.3).
// Swift code reaches Chipmunk only through the Physics module, which imports this one.
// Here live the wrappers for what Swift cannot import: macros and the debug banner.
#ifndef CCHIPMUNK_H
#define CCHIPMUNK_H

#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_unsafe.h>

/// CP_NO_GROUP, which Swift cannot import (a cast macro).
static inline cpGroup ccp_no_group(void) { return CP_NO_GROUP; }
/// CP_ALL_CATEGORIES, which Swift cannot import (a cast macro).
static inline cpBitmask ccp_all_categories(void) { return CP_ALL_CATEGORIES; }
/// CP_WILDCARD_COLLISION_TYPE, which Swift cannot import (a cast macro).
static inline cpCollisionType ccp_wildcard_collision_type(void) { return CP_WILDCARD_COLLISION_TYPE; }

/// cpSpaceNew without Debian's debug-build banner: the library prints two lines on stdout at every
/// cpSpaceNew, which would corrupt machine-readable output. The banner is sent to /dev/null instead.
cpSpace *ccp_space_new_quiet(void);

#endif
