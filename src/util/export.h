/* src/util/export.h — marks the functions libsoftd3d exports (everything else is hidden). */
#ifndef SOFTD3D_UTIL_EXPORT_H
#define SOFTD3D_UTIL_EXPORT_H
#define SOFTD3D_EXPORT __attribute__((visibility("default")))
#endif
