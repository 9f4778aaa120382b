/* src/core/guids.c — defines every IID and GUID that the public headers declare, so applications
 * link against libsoftd3d alone (on Windows these come from dxguid.lib / uuid.lib).  They are
 * exported from the shared library, like the entry points. */
#define INITGUID
#pragma GCC visibility push(default)
#include "unknwn.h"
#include "dxgi.h"
#include "dxgi1_2.h"
#include "dxgi1_3.h"
#include "dxgi1_4.h"
#include "dxgi1_5.h"
#include "dxgi1_6.h"
#include "d3dcommon.h"
#include "d3d11.h"
#include "d3d11_1.h"
#include "d3d11_2.h"
#include "d3d11_3.h"
#include "d3d11_4.h"
#include "d3d9.h"
#include "d3d11shader.h"
#include "d3d11sdklayers.h"
#include "d3d10.h"
#include "d3d10_1.h"
#pragma GCC visibility pop
