/* tools/demo_10_1.h — softd3d-demo's feature-level 10_1 scene (demo_10_1.c). */
#ifndef SOFTD3D_TOOLS_DEMO_10_1_H
#define SOFTD3D_TOOLS_DEMO_10_1_H

/* Renders and checks the scene, writes its images to out_dir; 0, or 1 on failure. */
int demo_10_1_run(const char *out_dir);

#endif
