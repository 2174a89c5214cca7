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

int ccp_arbiter_contacts(const cpArbiter *arb, cpVect *normal, cpVect pointsA[2], cpVect pointsB[2], cpFloat distances[2]) {
    cpContactPointSet set = cpArbiterGetContactPointSet(arb);
    *normal = set.normal;
    int count = set.count < 2 ? set.count : 2;
    for (int i = 0; i < count; i++) {
        pointsA[i] = set.points[i].pointA;
        pointsB[i] = set.points[i].pointB;
        distances[i] = set.points[i].distance;
    }
    return count;
}
