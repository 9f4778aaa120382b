/* src/shader/ir_class.h — class linkage in the IR: shader model 5 interfaces ("Interfaces and
 * Classes", HLSL reference; the D3D11.3 functional spec's dcl_function_body,
 * dcl_function_table, dcl_interface, fcall and this[]).
 *
 * READ ME FIRST
 *   A program with interfaces declares function bodies fb#, function tables ft# (the bodies of
 *   one class, one per call site) and interfaces fp#[array][call sites] = {ft#...} (the tables
 *   of the classes that implement it).  `fcall fp#[i][c]` runs body c of the table the
 *   application chose for slot fp# + i (ID3D11DeviceContext::*SetShader's class instances; the
 *   runtime hands the driver one function-table index per slot, D3D11DDIARG_SETSHADER_WITH_
 *   IFACES), and `this[slot]` holds that instance's data location (D3D11DDIARG_POINTERDATA).
 *
 *   Such a program is valid IR (ir_validate) but not runnable: the slots are unknown until a
 *   draw.  ir_class_bind() then rewrites it for one binding -- every fcall becomes a call of
 *   its body's label (`label fb#n` is label IR_LABEL_FUNCTION_BODY | n), every this[] read an
 *   immediate, every index relative to this[] an immediate offset -- and validates it again,
 *   so the VM and the JIT only ever see ordinary call/label programs.  (The VM refuses a
 *   program that still has fcall; the JIT declines it.)
 *
 *   this[slot] layout (softd3d's; the DDI's fields, one a component): x the constant-vector
 *   offset of the instance's data (D3D11_CLASS_INSTANCE_DESC.BaseConstantBufferOffset, in
 *   16-byte vectors), y its constant buffer (ConstantBuffer), z its first texture
 *   (BaseTexture), w its first sampler (BaseSampler).
 *
 *   Not implemented (ir_class_bind refuses, naming it): dynamically indexed interface arrays
 *   (fp#[r0.x + n], this[r0.x + n]).
 */
#ifndef SOFTD3D_SHADER_IR_CLASS_H
#define SOFTD3D_SHADER_IR_CLASS_H

#include "shader/ir.h"

struct ir_class_slot {
    bool bound;                 /* a class instance is set for the slot */
    uint32_t table;             /* the ft# its class brings to this slot's interface */
    uint32_t data[4];           /* this[slot] (layout above) */
};

struct ir_class_binding {
    uint32_t count;             /* slots given (the program's interface_slots) */
    struct ir_class_slot slot[IR_MAX_INTERFACE_SLOTS];
};

/* The validator's parts (ir.c calls them): 0, or -1 with msg. */
int ir_class_check_declarations(const struct ir_program *p, char *msg, size_t size);
int ir_class_check_operand(const struct ir_program *p, const struct ir_operand *op, char *msg,
                           size_t size);

/* The interface whose slots hold `slot`, or NULL. */
const struct ir_interface *ir_class_interface_of(const struct ir_program *p, uint32_t slot);
/* Whether table ft#`table` is one of the interface's, i.e. a class implementing it. */
bool ir_class_interface_takes(const struct ir_program *p, const struct ir_interface *i,
                              uint32_t table);

/* Rewrites a validated program for one binding (see above) and validates the result.
 * IR_OK; IR_E_INVALID with msg (a slot fcall needs has no instance, an unknown table, what
 * is not implemented); IR_E_NOMEM.  The program stays freeable either way. */
int ir_class_bind(struct ir_program *p, const struct ir_class_binding *b, char *msg,
                  size_t size);

#endif
