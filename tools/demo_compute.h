/* tools/demo_compute.h — softd3d-demo's compute scene at 11_0 (demo_compute.c). */
#ifndef SOFTD3D_TOOLS_DEMO_COMPUTE_H
#define SOFTD3D_TOOLS_DEMO_COMPUTE_H

/* Runs the particle scene, writes out_dir/demo_compute.png; 0, or 1 on failure. */
int demo_compute_run(const char *out_dir);

#endif
