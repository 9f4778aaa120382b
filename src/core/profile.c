/* src/core/profile.c — the capability profiles (see profile.h) and the level derivation.
 *
 * How the values were chosen.  Each 9_x profile is the weakest D3D9 HAL device that the seed-000
 * table of its level admits:
 *   (a) every seed-000 row of the level and the levels below it, at exactly its minimum;
 *   (b) what the D3D11 10Level9 rules of that level (seed 004, and the driver documentation
 *       "Required DXGI formats") imply for a D3D9 driver, where seed 000 has no row — e.g.
 *       MaxVolumeExtent 512 at 9_2 because CreateTexture3D allows 512 there;
 *   (c) what every Direct3D 9 HAL device with hardware transform and lighting reports, at the
 *       smallest documented value (D3DCAPS9 reference page; shader-model pages for shader limits).
 * Sources are cited next to each value: "seed 000", "seed 004", "D3DCAPS9" (the D3DCAPS9
 * reference page), "D3DVSHADERCAPS2_0"/"D3DPSHADERCAPS2_0" (their reference pages and the
 * D3DVS20_*, D3DPS20_* limits), "Processing Vertex Data" (the D3D9 programming-guide page that is
 * seed 002), "Software Shaders" (the asm reference page on vs_2_sw/vs_3_sw),
 * "Required DXGI formats" (the display-driver page that maps D3DDECLTYPEs to 10Level9 levels).
 *
 * The profiles are built once (pthread_once) from one function per level, each applying its
 * differences to the level below, the way seed 000 is written.
 */
#include "core/profile.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"

/* ---- 9_1 ------------------------------------------------------------------------------------ */

static void caps_9_1(D3DCAPS9 *c)
{
    memset(c, 0, sizeof(*c));

    c->DeviceType = D3DDEVTYPE_HAL;              /* the HAL device softd3d implements */
    c->AdapterOrdinal = 0;                       /* the one adapter */
    c->Caps = 0;                                 /* no overlay; scan line: max profile only */
    c->Caps2 = D3DCAPS2_DYNAMICTEXTURES          /* seed 000 */
             | D3DCAPS2_FULLSCREENGAMMA;         /* seed 000 */
    c->Caps3 = 0;                                /* nothing optional */
    c->PresentationIntervals = D3DPRESENT_INTERVAL_IMMEDIATE
                             | D3DPRESENT_INTERVAL_ONE;      /* seed 000 */
    c->CursorCaps = 0;                           /* no hardware cursor */

    /* A DirectX 7+ HAL with hardware T&L: the memory-placement and DrawPrimitive bits every such
     * driver sets, HWTRANSFORMANDLIGHT (hardware vertex processing, asked for by the brief and
     * what makes the 10Level9 runtime use the decl-type caps, "Required DXGI formats") and
     * PUREDEVICE (D3DCREATE_PUREDEVICE is accepted: the D3D9 front-end must support it). */
    c->DevCaps = D3DDEVCAPS_EXECUTESYSTEMMEMORY | D3DDEVCAPS_EXECUTEVIDEOMEMORY
               | D3DDEVCAPS_TLVERTEXSYSTEMMEMORY | D3DDEVCAPS_TLVERTEXVIDEOMEMORY
               | D3DDEVCAPS_TEXTUREVIDEOMEMORY | D3DDEVCAPS_DRAWPRIMTLVERTEX
               | D3DDEVCAPS_CANRENDERAFTERFLIP | D3DDEVCAPS_DRAWPRIMITIVES2
               | D3DDEVCAPS_DRAWPRIMITIVES2EX | D3DDEVCAPS_HWTRANSFORMANDLIGHT
               | D3DDEVCAPS_HWRASTERIZATION | D3DDEVCAPS_PUREDEVICE;

    /* COLORWRITEENABLE: seed 000.  MASKZ (depth write mask), the three cull modes and BLENDOP
     * are what D3D11 exposes at every 9_x level (DepthWriteMask, CullMode, BlendOp); CLIPTLVERTS,
     * TSSARGTEMP and FOGANDSPECULARALPHA are the fixed-function basics of D3D9 hardware. */
    c->PrimitiveMiscCaps = D3DPMISCCAPS_MASKZ | D3DPMISCCAPS_CULLNONE | D3DPMISCCAPS_CULLCW
                         | D3DPMISCCAPS_CULLCCW | D3DPMISCCAPS_COLORWRITEENABLE
                         | D3DPMISCCAPS_CLIPTLVERTS | D3DPMISCCAPS_TSSARGTEMP
                         | D3DPMISCCAPS_BLENDOP | D3DPMISCCAPS_FOGANDSPECULARALPHA;

    /* DEPTHBIAS, SLOPESCALEDEPTHBIAS: seed 000.  ZTEST; SCISSORTEST and MIPMAPLODBIAS (D3D11
     * ScissorEnable and MipLODBias at 9_x); ANISOTROPY because MaxAnisotropy >= 2 is required;
     * FOGVERTEX/FOGTABLE/COLORPERSPECTIVE: D3D9 fixed-function fog and perspective-correct
     * colour. */
    c->RasterCaps = D3DPRASTERCAPS_ZTEST | D3DPRASTERCAPS_FOGVERTEX | D3DPRASTERCAPS_FOGTABLE
                  | D3DPRASTERCAPS_MIPMAPLODBIAS | D3DPRASTERCAPS_ANISOTROPY
                  | D3DPRASTERCAPS_COLORPERSPECTIVE | D3DPRASTERCAPS_SCISSORTEST
                  | D3DPRASTERCAPS_SLOPESCALEDEPTHBIAS | D3DPRASTERCAPS_DEPTHBIAS;

    /* Seed 000 requires ALWAYS and LESSEQUAL; D3D11 accepts every D3D11_COMPARISON_FUNC for depth
     * at 9_x and D3D9 alpha test takes all eight, so all eight are reported. */
    c->ZCmpCaps = D3DPCMPCAPS_NEVER | D3DPCMPCAPS_LESS | D3DPCMPCAPS_EQUAL | D3DPCMPCAPS_LESSEQUAL
                | D3DPCMPCAPS_GREATER | D3DPCMPCAPS_NOTEQUAL | D3DPCMPCAPS_GREATEREQUAL
                | D3DPCMPCAPS_ALWAYS;
    c->AlphaCmpCaps = c->ZCmpCaps;

    /* Seed 000 lists a subset; D3D11 at 9_x accepts every blend factor except SRC_ALPHA_SAT
     * (seed 004) and the dual-source SRC1 factors, so the D3D9 equivalents of those are
     * reported for both source and destination: ZERO..INVDESTCOLOR and BLENDFACTOR. */
    c->SrcBlendCaps = D3DPBLENDCAPS_ZERO | D3DPBLENDCAPS_ONE | D3DPBLENDCAPS_SRCCOLOR
                    | D3DPBLENDCAPS_INVSRCCOLOR | D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_INVSRCALPHA
                    | D3DPBLENDCAPS_DESTALPHA | D3DPBLENDCAPS_INVDESTALPHA
                    | D3DPBLENDCAPS_DESTCOLOR | D3DPBLENDCAPS_INVDESTCOLOR
                    | D3DPBLENDCAPS_BLENDFACTOR;
    c->DestBlendCaps = c->SrcBlendCaps;

    c->ShadeCaps = D3DPSHADECAPS_COLORGOURAUDRGB | D3DPSHADECAPS_SPECULARGOURAUDRGB
                 | D3DPSHADECAPS_ALPHAGOURAUDBLEND | D3DPSHADECAPS_FOGGOURAUD; /* seed 000: all 4 */

    /* ALPHA, CUBEMAP, MIPMAP, PERSPECTIVE: seed 000.  POW2 + NONPOW2CONDITIONAL (the pair the
     * seed-000 note allows): 9_x textures must be powers of two when mipmapped (seed 004,
     * CreateTexture2D), non-power-of-two otherwise — exactly conditional support.  Cube and
     * volume maps are powers of two (seed 004) and mipmapped; volume maps exist since
     * MaxVolumeExtent is required.  PROJECTED: projected texture coordinates, as every D3D9
     * part.  No TEXREPEATNOTSCALEDBYSIZE: the weakest reading of MaxTextureRepeat. */
    c->TextureCaps = D3DPTEXTURECAPS_PERSPECTIVE | D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_ALPHA
                   | D3DPTEXTURECAPS_NONPOW2CONDITIONAL | D3DPTEXTURECAPS_PROJECTED
                   | D3DPTEXTURECAPS_CUBEMAP | D3DPTEXTURECAPS_VOLUMEMAP | D3DPTEXTURECAPS_MIPMAP
                   | D3DPTEXTURECAPS_MIPVOLUMEMAP | D3DPTEXTURECAPS_MIPCUBEMAP
                   | D3DPTEXTURECAPS_CUBEMAP_POW2 | D3DPTEXTURECAPS_VOLUMEMAP_POW2;

    /* MIN/MAG POINT/LINEAR: seed 000.  MIPFPOINT/MIPFLINEAR because mipmaps are required and D3D11
     * has mip filters at 9_x; MINFANISOTROPIC because MaxAnisotropy is required (seed 003: a
     * device with anisotropy accepts 1..MaxAnisotropy).  The same filters for cube and volume
     * textures: D3D11 samplers do not depend on the texture type. */
    c->TextureFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MINFLINEAR
                         | D3DPTFILTERCAPS_MINFANISOTROPIC | D3DPTFILTERCAPS_MIPFPOINT
                         | D3DPTFILTERCAPS_MIPFLINEAR | D3DPTFILTERCAPS_MAGFPOINT
                         | D3DPTFILTERCAPS_MAGFLINEAR;
    c->CubeTextureFilterCaps = c->TextureFilterCaps;
    c->VolumeTextureFilterCaps = c->TextureFilterCaps;

    /* Seed 000 (MIRRORONCE comes at 9_2, BORDER at 9_3); volume textures address the same way. */
    c->TextureAddressCaps = D3DPTADDRESSCAPS_WRAP | D3DPTADDRESSCAPS_MIRROR | D3DPTADDRESSCAPS_CLAMP
                          | D3DPTADDRESSCAPS_INDEPENDENTUV;
    c->VolumeTextureAddressCaps = c->TextureAddressCaps;

    /* Lines are textured, depth-tested, blended, alpha-tested and fogged like triangles. */
    c->LineCaps = D3DLINECAPS_TEXTURE | D3DLINECAPS_ZTEST | D3DLINECAPS_BLEND
                | D3DLINECAPS_ALPHACMP | D3DLINECAPS_FOG;

    c->MaxTextureWidth = 2048;                   /* seed 000 */
    c->MaxTextureHeight = 2048;                  /* seed 000 */
    c->MaxVolumeExtent = 256;                    /* seed 000; seed 004 CreateTexture3D: 256 */
    c->MaxTextureRepeat = 128;                   /* seed 000: zero or >= 128; the minimum */
    c->MaxTextureAspectRatio = 2048;             /* no limit beyond the size (seed 004 has none) */
    c->MaxAnisotropy = 2;                        /* seed 000; seed 004: max anisotropy 2 */
    c->MaxVertexW = 0.0f;                        /* seed 000: 0.f, no requirement at 9_1 */
    /* No guard band is promised (0: the runtime clips to the viewport) until the rasterizer,
     * which will have one, is written; the max profile may then report it. */
    c->GuardBandLeft = 0.0f;
    c->GuardBandTop = 0.0f;
    c->GuardBandRight = 0.0f;
    c->GuardBandBottom = 0.0f;
    c->ExtentsAdjust = 0.0f;                     /* no antialiasing kernel */

    /* TWOSIDED: seed 000; the eight operations: D3D11 has all of them at 9_x (D3D11_STENCIL_OP). */
    c->StencilCaps = D3DSTENCILCAPS_KEEP | D3DSTENCILCAPS_ZERO | D3DSTENCILCAPS_REPLACE
                   | D3DSTENCILCAPS_INCRSAT | D3DSTENCILCAPS_DECRSAT | D3DSTENCILCAPS_INVERT
                   | D3DSTENCILCAPS_INCR | D3DSTENCILCAPS_DECR | D3DSTENCILCAPS_TWOSIDED;

    /* Eight texture coordinate sets (one per texture stage); no per-vertex point size, as
     * MaxPointSize is 1 (D3DCAPS9: PSIZE goes with point size control). */
    c->FVFCaps = 8;

    c->TextureOpCaps = D3DTEXOPCAPS_DISABLE | D3DTEXOPCAPS_SELECTARG1 | D3DTEXOPCAPS_SELECTARG2
                     | D3DTEXOPCAPS_MODULATE;    /* seed 000, exactly */
    c->MaxTextureBlendStages = 8;                /* seed 000 */
    c->MaxSimultaneousTextures = 8;              /* seed 000 */

    /* A hardware T&L part of the DirectX 9 class: lights, texgen, material source and a local
     * viewer; none of TWEENING, TEXGEN_SPHEREMAP, NO_TEXGEN_NONLOCALVIEWER.  (Software vertex
     * processing adds TWEENING: see software_vp.) */
    c->VertexProcessingCaps = D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_MATERIALSOURCE7
                            | D3DVTXPCAPS_DIRECTIONALLIGHTS | D3DVTXPCAPS_POSITIONALLIGHTS
                            | D3DVTXPCAPS_LOCALVIEWER;
    c->MaxActiveLights = 8;                      /* the eight lights of fixed-function hardware */
    c->MaxUserClipPlanes = 6;                    /* six, as software vertex processing (seed 002)
                                                  * and the clip planes of *_4_0_level_9_x */
    c->MaxVertexBlendMatrices = 4;               /* four-matrix vertex blending */
    c->MaxVertexBlendMatrixIndex = 0;            /* D3DCAPS9: 0 = no indexed vertex blending */
    c->MaxPointSize = 1.0f;                      /* D3DCAPS9: 1.0 = no point size control */
    c->MaxPrimitiveCount = 65535;                /* seed 000 */
    c->MaxVertexIndex = 65534;                   /* seed 000 (so only 16-bit indices at 9_1,
                                                  * seed 004 CreateBuffer) */
    c->MaxStreams = 16;                          /* D3DCAPS9: 1..16; 16 vertex streams */
    c->MaxStreamStride = 255;                    /* the DirectX 8-era stride limit */

    /* vs_2_0.  Seed 000 has no vertex-shader row at 9_1, but vs_4_0_level_9_1 (seed 004:
     * CreateVertexShader at 9_1) is a vs_2_0 program, so 9_1 hardware runs vs_2_0. */
    c->VertexShaderVersion = D3DVS_VERSION(2, 0);
    c->MaxVertexShaderConst = 256;               /* vs_2_0: 256 float constants (c#) */
    c->PixelShaderVersion = D3DPS_VERSION(2, 0); /* seed 000 */
    /* ps_1_x registers keep [-8, 8] unclamped on ps_1_4-capable hardware; D3DCAPS9 asks for at
     * least 1.0 on any pixel-shader hardware. */
    c->PixelShader1xMaxValue = 8.0f;

    /* STREAMOFFSET: SetStreamSource offsets, needed for D3D11 IASetVertexBuffers offsets. */
    c->DevCaps2 = D3DDEVCAPS2_STREAMOFFSET;
    c->MaxNpatchTessellationLevel = 0.0f;        /* no N-patches */
    c->Reserved5 = 0;
    c->MasterAdapterOrdinal = 0;
    c->AdapterOrdinalInGroup = 0;                /* D3DCAPS9: 0 for the master */
    c->NumberOfAdaptersInGroup = 1;              /* D3DCAPS9: 1 for a conventional adapter */

    /* The D3DDECLTYPEs that 10Level9 needs for IA vertex buffers at 9_1 ("Required DXGI
     * formats": SHORT4N, UBYTE4, UBYTE4N, SHORT2N at 9_1; FLOAT16_2/4 only at 9_3). */
    c->DeclTypes = D3DDTCAPS_UBYTE4 | D3DDTCAPS_UBYTE4N | D3DDTCAPS_SHORT2N | D3DDTCAPS_SHORT4N;
    c->NumSimultaneousRTs = 1;                   /* seed 000 */
    c->StretchRectFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFPOINT
                             | D3DPTFILTERCAPS_MINFLINEAR
                             | D3DPTFILTERCAPS_MAGFLINEAR;   /* seed 000 */

    /* Plain vs_2_0 and ps_2_0: the D3DVS20_MIN_* / D3DPS20_MIN_* limits. */
    c->VS20Caps.Caps = 0;
    c->VS20Caps.DynamicFlowControlDepth = D3DVS20_MIN_DYNAMICFLOWCONTROLDEPTH;    /* 0 */
    c->VS20Caps.NumTemps = D3DVS20_MIN_NUMTEMPS;                                  /* 12 */
    c->VS20Caps.StaticFlowControlDepth = D3DVS20_MIN_STATICFLOWCONTROLDEPTH;      /* 1 */
    c->PS20Caps.Caps = 0;
    c->PS20Caps.DynamicFlowControlDepth = D3DPS20_MIN_DYNAMICFLOWCONTROLDEPTH;    /* 0 */
    c->PS20Caps.NumTemps = D3DPS20_MIN_NUMTEMPS;                                  /* 12 */
    c->PS20Caps.StaticFlowControlDepth = D3DPS20_MIN_STATICFLOWCONTROLDEPTH;      /* 0 */
    c->PS20Caps.NumInstructionSlots = D3DPS20_MIN_NUMINSTRUCTIONSLOTS;            /* 96 */

    c->VertexTextureFilterCaps = 0;              /* no vertex texture fetch below vs_3_0 */
    /* vs_2_0 runs at most 65535 instructions with static flow control (D3DCAPS9 counts executed
     * instructions); a ps_2_0 program has no flow control, so it executes at most its slots. */
    c->MaxVShaderInstructionsExecuted = 65535;
    c->MaxPShaderInstructionsExecuted = D3DPS20_MIN_NUMINSTRUCTIONSLOTS;
    c->MaxVertexShader30InstructionSlots = 0;    /* no shader model 3 */
    c->MaxPixelShader30InstructionSlots = 0;
}

/* ---- 9_2: the 9_1 device plus the seed-000 9_2 rows -------------------------------------- */

static void caps_9_2(D3DCAPS9 *c)
{
    caps_9_1(c);
    c->PrimitiveMiscCaps |= D3DPMISCCAPS_SEPARATEALPHABLEND;                     /* seed 000 */
    c->DevCaps2 |= D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET;               /* seed 000 */
    c->TextureAddressCaps |= D3DPTADDRESSCAPS_MIRRORONCE;                        /* seed 000 */
    c->VolumeTextureAddressCaps |= D3DPTADDRESSCAPS_MIRRORONCE;                  /* seed 000 */
    c->MaxTextureWidth = 2048;                                                   /* seed 000 */
    c->MaxTextureHeight = 2048;                                                  /* seed 000 */
    c->MaxTextureRepeat = 2048;                  /* seed 000: zero or >= 2048; the minimum */
    c->VertexShaderVersion = D3DVS_VERSION(2, 0);                                /* seed 000 */
    c->MaxAnisotropy = 16;                                                       /* seed 000 */
    c->MaxPrimitiveCount = 1048575;                                              /* seed 000 */
    c->MaxVertexIndex = 1048575;                 /* seed 000 (32-bit indices, seed 004) */
    c->MaxVertexW = 1000000000.0f;                                               /* seed 000 */
    c->MaxVolumeExtent = 512;                    /* seed 004: CreateTexture3D allows 512 at 9_2 */
}

/* ---- 9_3: the 9_2 device plus the seed-000 9_3 rows -------------------------------------- */

static void caps_9_3(D3DCAPS9 *c)
{
    caps_9_2(c);
    c->PS20Caps.Caps |= D3DPS20CAPS_GRADIENTINSTRUCTIONS;                        /* seed 000 */
    c->PrimitiveMiscCaps |= D3DPMISCCAPS_INDEPENDENTWRITEMASKS
                          | D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING;             /* seed 000 */
    c->TextureAddressCaps |= D3DPTADDRESSCAPS_BORDER;                            /* seed 000 */
    c->MaxTextureWidth = 4096;                                                   /* seed 000 */
    c->MaxTextureHeight = 4096;                                                  /* seed 000 */
    c->MaxTextureAspectRatio = 4096;             /* no limit beyond the size */
    c->MaxTextureRepeat = 8192;                  /* seed 000: zero or >= 8192; the minimum */
    c->NumSimultaneousRTs = 4;                                                   /* seed 000 */
    c->PS20Caps.NumInstructionSlots = 512;  /* seed 000 (ps_2_b); D3DPS20_MAX_NUMINSTRUCTIONSLOTS */
    c->PS20Caps.NumTemps = 32;                   /* seed 000 (ps_2_b) = D3DPS20_MAX_NUMTEMPS */
    c->MaxPShaderInstructionsExecuted = 512;     /* no flow control in ps_2_b: its slots */
    c->MaxVertexShaderConst = 256;               /* seed 000 (vs_2_a) */

    /* VertexShaderVersion 3.0: seed 000 (it guarantees instancing; 10Level9 still exposes only
     * vs_4_0_level_9_3).  vs_3_0 implies the vs_2_x maxima in VS20Caps (NumTemps 32 is also the
     * seed-000 row), at least 512 instruction slots (D3DCAPS9: D3DMIN30SHADERINSTRUCTIONS) and
     * vertex texture fetch (texldl), which the weakest vs_3_0 part offers with point sampling. */
    c->VertexShaderVersion = D3DVS_VERSION(3, 0);
    c->VS20Caps.Caps = D3DVS20CAPS_PREDICATION;
    c->VS20Caps.DynamicFlowControlDepth = D3DVS20_MAX_DYNAMICFLOWCONTROLDEPTH;    /* 24 */
    c->VS20Caps.NumTemps = D3DVS20_MAX_NUMTEMPS;                                  /* 32 */
    c->VS20Caps.StaticFlowControlDepth = D3DVS20_MAX_STATICFLOWCONTROLDEPTH;      /* 4 */
    c->MaxVertexShader30InstructionSlots = D3DMIN30SHADERINSTRUCTIONS;            /* 512 */
    c->VertexTextureFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFPOINT;

    /* "Required DXGI formats": FLOAT16_2 / FLOAT16_4 vertex data from 9_3. */
    c->DeclTypes |= D3DDTCAPS_FLOAT16_2 | D3DDTCAPS_FLOAT16_4;
}

/* ---- max ------------------------------------------------------------------------------------ */

/* Everything softd3d implements: the 9_3 device plus what the D3D9 front-end executes beyond
 * the seed minimums (never beyond what is implemented, DESIGN.md).  Each bit has a test that
 * exercises it on this profile.  Raising these leaves the seed-000 derived level at 9_3: the
 * rows are minimums (caps_rules.c), and nothing here is a row of a higher level. */
static void caps_max(D3DCAPS9 *c)
{
    caps_9_3(c);
    /* Every D3DTOP the fixed-function pixel pipeline executes (src/d3d9/ff_ps.c, each rendered
     * by tests/test_d3d9_render_stage.c); BUMPENVMAP and BUMPENVMAPLUMINANCE are added below
     * with the bump-map formats. */
    c->TextureOpCaps = D3DTEXOPCAPS_DISABLE | D3DTEXOPCAPS_SELECTARG1 | D3DTEXOPCAPS_SELECTARG2
                     | D3DTEXOPCAPS_MODULATE | D3DTEXOPCAPS_MODULATE2X | D3DTEXOPCAPS_MODULATE4X
                     | D3DTEXOPCAPS_ADD | D3DTEXOPCAPS_ADDSIGNED | D3DTEXOPCAPS_ADDSIGNED2X
                     | D3DTEXOPCAPS_SUBTRACT | D3DTEXOPCAPS_ADDSMOOTH
                     | D3DTEXOPCAPS_BLENDDIFFUSEALPHA | D3DTEXOPCAPS_BLENDTEXTUREALPHA
                     | D3DTEXOPCAPS_BLENDFACTORALPHA | D3DTEXOPCAPS_BLENDTEXTUREALPHAPM
                     | D3DTEXOPCAPS_BLENDCURRENTALPHA | D3DTEXOPCAPS_PREMODULATE
                     | D3DTEXOPCAPS_MODULATEALPHA_ADDCOLOR | D3DTEXOPCAPS_MODULATECOLOR_ADDALPHA
                     | D3DTEXOPCAPS_MODULATEINVALPHA_ADDCOLOR
                     | D3DTEXOPCAPS_MODULATEINVCOLOR_ADDALPHA | D3DTEXOPCAPS_DOTPRODUCT3
                     | D3DTEXOPCAPS_MULTIPLYADD | D3DTEXOPCAPS_LERP;
    /* GetRasterStatus reads the scan line of the virtual display (src/d3d9/swapchain.c: a
     * raster modelled from the clock at the display's refresh rate). */
    c->Caps |= D3DCAPS_READ_SCANLINE;
    /* D3DTA_CONSTANT / D3DTSS_CONSTANT (ff_ps.c reads the per-stage constant). */
    c->PrimitiveMiscCaps |= D3DPMISCCAPS_PERSTAGECONSTANT;
    /* StretchRect to and from texture levels: blit.c copies any two D3DPOOL_DEFAULT surfaces
     * through the same sampler, whatever their container. */
    c->DevCaps2 |= D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES;
    /* Tweening and sphere-map texgen run in the fixed-function vertex program in either
     * vertex-processing mode (src/d3d9/ff_vs.c; tests/test_d3d9_render_light.c draws both on a
     * hardware device). */
    c->VertexProcessingCaps |= D3DVTXPCAPS_TWEENING | D3DVTXPCAPS_TEXGEN_SPHEREMAP;
    /* Source factors the output merger executes beyond 9_x: SRCALPHASAT (src/pipeline/om_blend.c,
     * the D3D11 SRC_ALPHA_SAT) and the two BOTH* shorthands, which src/d3d9/draw.c expands into
     * a source/destination pair (tests/test_d3d9_validate.c renders all three). */
    c->SrcBlendCaps |= D3DPBLENDCAPS_SRCALPHASAT | D3DPBLENDCAPS_BOTHSRCALPHA
                     | D3DPBLENDCAPS_BOTHINVSRCALPHA;
    /* Point size control and point sprites (D3DCAPS9 MaxPointSize above 1; D3DFVFCAPS_PSIZE:
     * per-vertex point size), drawn as squares by the pipeline (clip.c); 256 pixels, the size
     * DirectX 9 parts commonly report.  Tests: test_d3d9_render_point.c. */
    c->MaxPointSize = 256.0f;
    c->FVFCaps |= D3DFVFCAPS_PSIZE;
    /* The fixed-function bump-mapping operations (ff_ps.c); with them, the bump-map formats
     * (V8U8, L6V5U5, X8L8V8U8, ...) answer D3DUSAGE_QUERY_LEGACYBUMPMAP (formats.c).  Tests:
     * test_d3d9_render_bump.c. */
    c->TextureOpCaps |= D3DTEXOPCAPS_BUMPENVMAP | D3DTEXOPCAPS_BUMPENVMAPLUMINANCE;
    /* Indexed vertex blending in hardware mode too: the 256-matrix palette of software vertex
     * processing (ff_vs.c).  Tests: test_d3d9_render_blend.c. */
    c->MaxVertexBlendMatrixIndex = 255;
    /* Vertex texture fetch filters beyond 9_3's point sampling: the vertex stage uses the
     * pixel stage's sampler (vertex.c).  Tests: test_d3d9_render_vtf.c. */
    c->VertexTextureFilterCaps |= D3DPTFILTERCAPS_MINFLINEAR | D3DPTFILTERCAPS_MAGFLINEAR
                                | D3DPTFILTERCAPS_MIPFPOINT | D3DPTFILTERCAPS_MIPFLINEAR;
    /* Seed 003 ("A device that supports textures of arbitrary size with no restriction ... must
     * not set the flags of requirements 3, 4 and 5"): the sampler addresses, wraps and mipmaps
     * 2D, cube and volume textures of any size alike (src/sample), and CreateTexture /
     * CreateCubeTexture / CreateVolumeTexture follow these caps (texture.c rule 7), so max
     * drops POW2, NONPOW2CONDITIONAL (the seed-000 pair: neither, which the 9_1 note allows),
     * SQUAREONLY (never set) and the cube / volume POW2 bits.  Tests:
     * tests/test_d3d9_nonpow2.c (creation with mipmaps, ValidateDevice, a wrapped draw). */
    c->TextureCaps &= ~(DWORD)(D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL
                               | D3DPTEXTURECAPS_SQUAREONLY | D3DPTEXTURECAPS_CUBEMAP_POW2
                               | D3DPTEXTURECAPS_VOLUMEMAP_POW2);
    /* Shader model 3 for pixels beside the 9_3 vs_3_0 (issue 14): the values the driver page
     * "Reporting Capabilities for Shader 3 Support" requires of a ps_3_0 device — PS20Caps
     * with all five D3DPS20CAPS flags, DynamicFlowControlDepth 24, NumTemps 32,
     * StaticFlowControlDepth 4, NumInstructionSlots 512 — and MaxPixelShader30InstructionSlots
     * 512 (the minimum of that page and of "Supporting Additional Instruction Slots for Shader
     * 3"; softd3d does not count slots, so longer programs run too); "ps_3_0" (asm reference):
     * MaxPShaderInstructionsExecuted at least 2^16.  The d3dbc translation runs every ps_3_0
     * instruction and register (src/shader/d3dbc_ir*.c: v0..v9 with semantics, vPos, vFace,
     * aL, p0, loops, calls, texldl/texldd/texldb, dsx/dsy), 224 float constants
     * (state_vertex.c), semantic linkage with vs_3_0 (draw.c d3d9_link).  Tests:
     * tests/test_d3d9_render_sm3.c. */
    c->PixelShaderVersion = D3DPS_VERSION(3, 0);
    c->PS20Caps.Caps = D3DPS20CAPS_ARBITRARYSWIZZLE | D3DPS20CAPS_GRADIENTINSTRUCTIONS
                     | D3DPS20CAPS_PREDICATION | D3DPS20CAPS_NODEPENDENTREADLIMIT
                     | D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT;
    c->PS20Caps.DynamicFlowControlDepth = D3DPS20_MAX_DYNAMICFLOWCONTROLDEPTH;    /* 24 */
    c->PS20Caps.NumTemps = D3DPS20_MAX_NUMTEMPS;                                  /* 32 */
    c->PS20Caps.StaticFlowControlDepth = D3DPS20_MAX_STATICFLOWCONTROLDEPTH;      /* 4 */
    c->PS20Caps.NumInstructionSlots = D3DPS20_MAX_NUMINSTRUCTIONSLOTS;            /* 512 */
    c->MaxPixelShader30InstructionSlots = D3DMIN30SHADERINSTRUCTIONS;             /* 512 */
    c->MaxPShaderInstructionsExecuted = 65536;                                    /* 2^16 */
}

/* ---- software vertex processing (seed 002) ------------------------------------------------ */

/* The same device with D3DCREATE_SOFTWARE_VERTEXPROCESSING (or mixed mode in software): the
 * vertex-processing members take the fixed software values; everything after the vertex stage
 * (rasterizer, textures, pixel shaders) stays the hardware's. */
static void software_vp(D3DCAPS9 *c)
{
    /* Seed 002 / "Processing Vertex Data": exactly these six. */
    c->VertexProcessingCaps = D3DVTXPCAPS_DIRECTIONALLIGHTS | D3DVTXPCAPS_LOCALVIEWER
                            | D3DVTXPCAPS_MATERIALSOURCE7 | D3DVTXPCAPS_POSITIONALLIGHTS
                            | D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_TWEENING;
    /* "Processing Vertex Data", table of software vertex processing caps. */
    c->MaxActiveLights = 0xffffffff;             /* "Unlimited": the largest DWORD */
    c->MaxUserClipPlanes = 6;
    c->MaxVertexBlendMatrices = 4;
    c->MaxStreams = 16;
    c->MaxVertexIndex = 0xffffffff;
    /* D3DCAPS9 (MaxVertexBlendMatrixIndex): 256 matrices under software vertex processing. */
    c->MaxVertexBlendMatrixIndex = 255;
    /* "full support for programmable vertex shaders" (seed 002): vs_3_0 ("Software Shaders":
     * vs_3_sw has all of vs_3_0; up to 8192 float constants; unlimited instructions, reported as
     * the D3DCAPS9 maximum of 32768 slots and the largest executed count). */
    c->VertexShaderVersion = D3DVS_VERSION(3, 0);
    c->MaxVertexShaderConst = 8192;
    c->MaxVertexShader30InstructionSlots = D3DMAX30SHADERINSTRUCTIONS;           /* 32768 */
    c->MaxVShaderInstructionsExecuted = 0xffffffff;
    c->VS20Caps.Caps = D3DVS20CAPS_PREDICATION;
    c->VS20Caps.DynamicFlowControlDepth = D3DVS20_MAX_DYNAMICFLOWCONTROLDEPTH;    /* 24 */
    c->VS20Caps.NumTemps = D3DVS20_MAX_NUMTEMPS;                                  /* 32 */
    c->VS20Caps.StaticFlowControlDepth = D3DVS20_MAX_STATICFLOWCONTROLDEPTH;      /* 4 */
    /* texldl in software vs_3_0: point sampling at least. */
    c->VertexTextureFilterCaps |= D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFPOINT;
}

/* ---- the table ------------------------------------------------------------------------------ */

static core_profile profiles[CORE_PROFILE_COUNT];
static core_profile profile_11_1;    /* CORE_PROFILE_11_1: the max caps (profile.h) */
static core_profile profile_10[3];   /* CORE_PROFILE_10_0, _10_1, _11_0: the max caps (profile.h) */
static pthread_once_t profiles_once = PTHREAD_ONCE_INIT;

static void build_profiles(void)
{
    static const struct {
        const char *name;
        void (*fill)(D3DCAPS9 *c);
    } defs[CORE_PROFILE_COUNT] = {
        [CORE_PROFILE_9_1] = { "9_1", caps_9_1 },
        [CORE_PROFILE_9_2] = { "9_2", caps_9_2 },
        [CORE_PROFILE_9_3] = { "9_3", caps_9_3 },
        [CORE_PROFILE_MAX] = { "max", caps_max },
    };
    for (int i = 0; i < CORE_PROFILE_COUNT; i++) {
        profiles[i].id = (core_profile_id)i;
        profiles[i].name = defs[i].name;
        defs[i].fill(&profiles[i].caps);
        profiles[i].sw_caps = profiles[i].caps;
        software_vp(&profiles[i].sw_caps);
    }
    /* Issues 11/15: the 11_1 profile is the ordinary device at every level up to 11_0, plus
     * 11_1 when named (D3D11CreateDevice's documented NULL array stops at 11_0). */
    profile_11_1 = profiles[CORE_PROFILE_MAX];
    profile_11_1.id = CORE_PROFILE_11_1;
    profile_11_1.name = "11_1";
    profile_11_1.d3d11_level = CORE_LEVEL_11_0;
    profile_11_1.d3d11_named_level = CORE_LEVEL_11_1;
    /* Issue 11: a device of exactly feature level 10_0 / 10_1.  What such a device offers is the
     * documented minimum of its level, and that lives with the D3D11 rules (limits.c,
     * format_support.c, feature_support.c), which read the device's level.  The D3D9 API has no
     * notion of these levels, so IDirect3D9 under them reports the max caps. */
    /* Issue 15 (first step): 11_0 the same way, declared partial (profile.h). */
    static const struct {
        core_profile_id id;
        const char *name;
        core_level level;
    } fixed[3] = {
        { CORE_PROFILE_10_0, "10_0", CORE_LEVEL_10_0 },
        { CORE_PROFILE_10_1, "10_1", CORE_LEVEL_10_1 },
        { CORE_PROFILE_11_0, "11_0", CORE_LEVEL_11_0 },
    };
    for (int i = 0; i < 3; i++) {
        profile_10[i] = profiles[CORE_PROFILE_MAX];
        profile_10[i].id = fixed[i].id;
        profile_10[i].name = fixed[i].name;
        profile_10[i].d3d11_level = fixed[i].level;
    }
    /* Issues 11, 15, 16: max offers what profile 11_1 does -- every level up to 11_0 (the
     * documented NULL array's first), 11_1 when named -- now that compute (cs_4_x/cs_5_0,
     * UAVs in every stage), tessellation and the 11_1 additions work (README).  Its D3DCAPS9
     * still derive 9_3 by the seed-000 rules (the D3D9 API has no 10_x), so the levels are
     * fixed here, after the copies above.  A max device created at 9_1..9_3 keeps those
     * levels' rules: they follow the device's level, not the profile. */
    profiles[CORE_PROFILE_MAX].d3d11_level = CORE_LEVEL_11_0;
    profiles[CORE_PROFILE_MAX].d3d11_named_level = CORE_LEVEL_11_1;
}

const core_profile *core_profile_get(core_profile_id id)
{
    if (id == CORE_PROFILE_11_1) {
        pthread_once(&profiles_once, build_profiles);
        return &profile_11_1;
    }
    if (id == CORE_PROFILE_10_0 || id == CORE_PROFILE_10_1 || id == CORE_PROFILE_11_0) {
        pthread_once(&profiles_once, build_profiles);
        return &profile_10[id - CORE_PROFILE_10_0];
    }
    if ((unsigned)id >= CORE_PROFILE_COUNT)
        return NULL;
    pthread_once(&profiles_once, build_profiles);
    return &profiles[id];
}

static const core_profile *find_profile(const char *name)
{
    for (int i = 0; i < CORE_PROFILE_COUNT; i++) {
        const core_profile *p = core_profile_get((core_profile_id)i);
        if (!strcmp(p->name, name))
            return p;
    }
    /* "11_1-tiled" (issue 7) is kept as an alias: the same profile, named "11_1" */
    if (!strcmp(name, "11_1") || !strcmp(name, "11_1-tiled"))
        return core_profile_get(CORE_PROFILE_11_1);
    if (!strcmp(name, "10_0"))
        return core_profile_get(CORE_PROFILE_10_0);
    if (!strcmp(name, "10_1"))
        return core_profile_get(CORE_PROFILE_10_1);
    if (!strcmp(name, "11_0"))
        return core_profile_get(CORE_PROFILE_11_0);
    return NULL;
}

int core_profile_by_name(const char *name, const core_profile **out)
{
    const core_profile *p = name ? find_profile(name) : NULL;
    if (!p || !out) {
        util_msg(false, "\"%s\" is not a profile (9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, max)",
                 name ? name : "(null)");
        if (out)
            *out = NULL;
        return -1;
    }
    *out = p;
    return 0;
}

int core_profile_from_env(const core_profile **out)
{
    const char *v = getenv("SOFTD3D_PROFILE");
    const core_profile *p;
    if (!v || !v[0])
        p = core_profile_get(CORE_PROFILE_MAX);
    else if (!(p = find_profile(v))) {
        util_msg(true, "SOFTD3D_PROFILE=\"%s\" is not a profile (9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, max)", v);
        if (out)
            *out = NULL;
        return -1;
    }
    if (!out)
        return -1;
    *out = p;
    return 0;
}

/* ---- levels --------------------------------------------------------------------------------- */

const char *core_level_name(core_level level)
{
    switch (level) {
    case CORE_LEVEL_9_1: return "9_1";
    case CORE_LEVEL_9_2: return "9_2";
    case CORE_LEVEL_9_3: return "9_3";
    case CORE_LEVEL_10_0: return "10_0";
    case CORE_LEVEL_10_1: return "10_1";
    case CORE_LEVEL_11_0: return "11_0";
    case CORE_LEVEL_11_1: return "11_1";
    default: return "none";
    }
}

core_level core_level_from_name(const char *name)
{
    static const core_level levels[] = { CORE_LEVEL_9_1, CORE_LEVEL_9_2, CORE_LEVEL_9_3,
                                         CORE_LEVEL_10_0, CORE_LEVEL_10_1, CORE_LEVEL_11_0,
                                         CORE_LEVEL_11_1 };
    for (size_t i = 0; name && i < sizeof(levels) / sizeof(levels[0]); i++)
        if (!strcmp(name, core_level_name(levels[i])))
            return levels[i];
    return CORE_LEVEL_NONE;
}

core_level core_level_from_caps(const D3DCAPS9 *caps, char *why, size_t why_size)
{
    static const core_level levels[] = { CORE_LEVEL_9_1, CORE_LEVEL_9_2, CORE_LEVEL_9_3 };
    size_t count;
    const core_caps_rule *rules = core_caps_rules(&count);
    core_level reached = CORE_LEVEL_NONE;

    if (why && why_size)
        why[0] = 0;
    for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
        for (size_t i = 0; i < count; i++) {
            if (rules[i].level > levels[l] || core_caps_rule_met(&rules[i], caps))
                continue;
            if (why && why_size) {
                int n = snprintf(why, why_size, "%s needs ", core_level_name(levels[l]));
                if (n > 0 && (size_t)n < why_size)
                    core_caps_rule_describe(&rules[i], caps, why + n, why_size - (size_t)n);
            }
            return reached;
        }
        reached = levels[l];
    }
    return reached;
}

core_level core_profile_d3d11_level(const core_profile *p, char *why, size_t why_size)
{
    if (p->d3d11_level) {
        if (why && why_size)
            why[0] = 0;
        return (core_level)p->d3d11_level;
    }
    return core_level_from_caps(&p->caps, why, why_size);
}

uint32_t core_profile_sample_counts(const core_profile *p)
{
    if (!p || p->id == CORE_PROFILE_9_1 || p->id == CORE_PROFILE_9_2 || p->id == CORE_PROFILE_9_3)
        return 0;
    return 1u << 2 | 1u << 4 | 1u << 8;
}
