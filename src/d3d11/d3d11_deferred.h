/* src/d3d11/d3d11_deferred.h — deferred contexts and command lists (issue 11 part 7), shared by
 * context_deferred.c (the recording ID3D11DeviceContext2) and command_list.c (the
 * ID3D11CommandList object, its replay, and ExecuteCommandList / FinishCommandList of the
 * immediate context).
 *
 * Read me first.
 *  - A deferred context is a struct d3d11_context of its own (d3d11_private.h) whose state the
 *    immediate context's own setters and getters maintain (`inner`, the level's immediate
 *    vtable, called on the deferred object): validation, hazards and the Get* methods are
 *    exactly the immediate context's.  Every method with an effect is also appended to the
 *    recording as a dc_cmd: a copy of its arguments, each object in it held with one application
 *    reference (AddRef), Map(WRITE_DISCARD) data captured into the command.
 *  - FinishCommandList moves the recording into an ID3D11CommandList.  ExecuteCommandList
 *    replays it through the target context's vtable, call for call, so the immediate context
 *    runs the same code as if the application had called it: results are identical.
 *  - Only softd3d objects of the context's device are recorded; a call naming anything else is
 *    refused by the immediate code it is forwarded to (its message), and not recorded.
 *  - Threading: a deferred context, like any context, is used by one thread at a time (the
 *    application's rule); recording touches only the deferred context and reference counts
 *    (atomic), so several threads record on their own deferred contexts while one draws on the
 *    immediate context.
 */
#ifndef SOFTD3D_D3D11_DEFERRED_H
#define SOFTD3D_D3D11_DEFERRED_H

#include "d3d11/d3d11_private.h"

enum dc_op {
    DC_SLOTS,            /* u[0] enum dc_slot_method, u[1] start; objs[nobjs] */
    DC_SHADER,           /* u[0] stage (0 VS .. 5 CS), obj[0] shader, u[1] class instances */
    DC_IA_LAYOUT,        /* obj[0] */
    DC_IA_VB,            /* u[0] start; objs[n]; words: strides[n], offsets[n] */
    DC_IA_IB,            /* obj[0], u[0] format, u[1] offset */
    DC_TOPOLOGY,         /* u[0] */
    DC_RS_STATE,         /* obj[0] */
    DC_VIEWPORTS,        /* u[0] count; bytes */
    DC_SCISSORS,         /* u[0] count; bytes */
    DC_OM_RT,            /* u[0] count; objs[count]; obj[0] depth-stencil view */
    DC_OM_RT_UAV,        /* u[0] rtv count (or KEEP), u[1] uav start, u[2] uav count (or KEEP),
                          * u[3] counts given; objs: rtvs then uavs; obj[0] dsv; words: counts */
    DC_BLEND,            /* obj[0], f[4] factor, u[0] sample mask */
    DC_DEPTH_STENCIL,    /* obj[0], u[0] stencil ref */
    DC_SO,               /* objs[n]; words: offsets (u[0] given) */
    DC_PREDICATION,      /* obj[0], u[0] value */
    DC_CS_UAV,           /* u[0] start, u[1] counts given; objs[n]; words: counts */
    DC_DRAW, DC_DRAW_INDEXED, DC_DRAW_INSTANCED, DC_DRAW_INDEXED_INSTANCED, DC_DRAW_AUTO,
    DC_DRAW_INSTANCED_INDIRECT, DC_DRAW_INDEXED_INSTANCED_INDIRECT, DC_DISPATCH,
    DC_DISPATCH_INDIRECT,   /* u[] the arguments; obj[0] the argument buffer */
    DC_COPY_REGION,      /* obj[0] dst, u[0] dst sub, u[1..3] x y z, obj[1] src, u[4] src sub, box */
    DC_COPY,             /* obj[0] dst, obj[1] src */
    DC_UPDATE,           /* obj[0], u[0] sub, box; bytes laid out with u[1] row, u[2] depth pitch */
    DC_COPY_STRUCTURE_COUNT,   /* obj[0] buffer, u[0] offset, obj[1] view */
    DC_CLEAR_RTV,        /* obj[0], f[4] */
    DC_CLEAR_UAV_UINT,   /* obj[0], u[0..3] */
    DC_CLEAR_UAV_FLOAT,  /* obj[0], f[4] */
    DC_CLEAR_DSV,        /* obj[0], u[0] flags, f[0] depth, u[1] stencil */
    DC_GENERATE_MIPS,    /* obj[0] */
    DC_RESOLVE,          /* obj[0] dst, u[0] dst sub, obj[1] src, u[1] src sub, u[2] format */
    DC_BEGIN, DC_END,    /* obj[0] the query */
    DC_EXECUTE,          /* obj[0] the command list, u[0] RestoreContextState */
    DC_CLEAR_STATE,
    DC_MAP,              /* obj[0], u[0] sub; bytes: the whole subresource as the application
                          * wrote it (u[1] row, u[2] depth pitch), written by WRITE_DISCARD */
    DC_CB1,              /* *SetConstantBuffers1: u[0] stage (0 VS .. 5 CS), u[1] start, u[2]
                          * windows given; objs[n]; words: pFirstConstant[n], pNumConstants[n] */
    DC_COPY_REGION1,     /* CopySubresourceRegion1: DC_COPY_REGION's fields, u[5] CopyFlags */
    DC_UPDATE1,          /* UpdateSubresource1: DC_UPDATE's fields, u[5] CopyFlags */
};

/* The Set*ConstantBuffers / Set*ShaderResources / Set*Samplers methods of the six stages. */
enum dc_slot_method {
    DC_SLOT_CB, DC_SLOT_SRV, DC_SLOT_SAMPLER,   /* + 3 * stage */
};

struct dc_cmd {
    enum dc_op op;
    void *obj[2];          /* IUnknown-compatible objects, one reference each, or NULL */
    UINT u[6];
    FLOAT f[4];
    D3D11_BOX box;
    BOOL has_box;
    UINT nobjs;
    void **objs;           /* one reference each (NULL entries allowed) */
    UINT nwords;
    UINT *words;
    size_t nbytes;
    void *bytes;
};

/* A recording: what FinishCommandList hands over. */
struct dc_stream {
    struct dc_cmd *cmds;
    size_t count, capacity;
};

void dc_stream_free(struct dc_stream *s);   /* releases every reference, frees the data */

/* command_list.c */
HRESULT d3d11_command_list_create(struct d3d11_device *dev, struct dc_stream *stream,
                                  ID3D11CommandList **out);   /* takes the stream's contents */
/* The command list behind `list` (vtable-checked; NULL if not one of softd3d's). */
struct d3d11_command_list;
struct d3d11_command_list *d3d11_command_list_of(ID3D11CommandList *list);
struct d3d11_device *d3d11_command_list_device(const struct d3d11_command_list *cl);
/* ExecuteCommandList's work on `target` (any context's interface, immediate or deferred's
 * inner object): save (restore TRUE), clear, replay, clear, restore. */
void d3d11_command_list_execute(ID3D11DeviceContext2 *target, struct d3d11_context *ctx,
                                struct d3d11_command_list *cl, BOOL restore);
void d3d11_command_list_fill_immediate_vtbl(ID3D11DeviceContext2Vtbl *v);

/* context_deferred.c: CreateDeferredContext(1,2)'s work. */
HRESULT d3d11_deferred_context_create(struct d3d11_device *dev, UINT flags, const char *method,
                                      ID3D11DeviceContext2 **out);
/* The device's CreateDeferredContext, CreateDeferredContext1, CreateDeferredContext2 slots. */
void d3d11_deferred_fill_device_vtbl(ID3D11Device2Vtbl *v);

#endif
