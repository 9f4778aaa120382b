/* tools/demo_tess.h — softd3d-demo --tess (demo_tess.c). */
#ifndef SOFTD3D_TOOLS_DEMO_TESS_H
#define SOFTD3D_TOOLS_DEMO_TESS_H

/* Renders the tessellated terrain to out_dir and checks it; 0, or 1 on failure. */
int demo_tess_run(const char *out_dir);

#endif
