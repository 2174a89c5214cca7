#include "CChipmunk.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <pthread.h>

static pthread_mutex_t ccp_stdout_lock = PTHREAD_MUTEX_INITIALIZER;

cpSpace *ccp_space_new_quiet(void) {
    // The banner is a printf inside cpSpaceInit; point fd 1 at /dev/null for the duration of the call.
    pthread_mutex_lock(&ccp_stdout_lock);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0) dup2(devnull, STDOUT_FILENO);
    cpSpace *space = cpSpaceNew();
    fflush(stdout);
    if (saved >= 0) { dup2(saved, STDOUT_FILENO); close(saved); }
    if (devnull >= 0) close(devnull);
    pthread_mutex_unlock(&ccp_stdout_lock);
    return space;
}

void ccp_arbiter_read(const cpArbiter *arb, ccp_arbiter_info *info) {
    cpArbiterGetShapes(arb, &info->a, &info->b);
    cpContactPointSet set = cpArbiterGetContactPointSet(arb);
    info->normal = set.normal;
    info->count = set.count < 2 ? set.count : 2;
    cpVect zero = cpvzero;
    info->pointA0 = info->count > 0 ? set.points[0].pointA : zero;
    info->pointB0 = info->count > 0 ? set.points[0].pointB : zero;
    info->distance0 = info->count > 0 ? set.points[0].distance : 0;
    info->pointA1 = info->count > 1 ? set.points[1].pointA : zero;
    info->pointB1 = info->count > 1 ? set.points[1].pointB : zero;
    info->distance1 = info->count > 1 ? set.points[1].distance : 0;
    info->impulse = cpArbiterTotalImpulse(arb);
}
