/* tools/demo_tiled.h — softd3d-demo --tiled (demo_tiled.c). */
#ifndef SOFTD3D_TOOLS_DEMO_TILED_H
#define SOFTD3D_TOOLS_DEMO_TILED_H

/* Renders the streaming scene's frames to out_dir; 0, or 1 on failure. */
int demo_tiled_run(const char *out_dir);

#endif
