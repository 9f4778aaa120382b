/* windows.h — for code written for Windows: the base types the Direct3D headers use.
 * softd3d is not a Windows emulation layer; this header only lets `#include <windows.h>` in
 * Direct3D programs compile.  See softd3d/windows_base.h. */
#ifndef SOFTD3D_WINDOWS_H
#define SOFTD3D_WINDOWS_H
#include "softd3d/windows_base.h"
#endif
