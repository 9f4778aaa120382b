/* tests/test_hlsl_reflect.c — the RDEF rows the HLSL compiler writes for shader model 5
 * resources and tbuffers, seen through D3DReflect (ID3D11ShaderReflection) as an application
 * sees them: each binding's D3D_SHADER_INPUT_TYPE (D3D_SIT_STRUCTURED, _BYTEADDRESS,
 * _UAV_RWTYPED, _UAV_RWSTRUCTURED, _UAV_RWBYTEADDRESS, _UAV_APPEND_STRUCTURED,
 * _UAV_CONSUME_STRUCTURED, _UAV_RWSTRUCTURED_WITH_COUNTER, D3D_SIT_TBUFFER), its bind point,
 * return type, dimension and NumSamples (a structured buffer's stride, "the stride of the type
 * in bytes"; -1 for a view that is not multisampled), fxc's order (samplers, t#, u#,
 * cbuffers), a tbuffer's constant buffer (D3D_CT_TBUFFER) with its variables, and that the
 * disassembler prints the same rows back.  (A pixel program's UAVs get their rows too, but
 * softd3d's decoder does not take UAVs outside compute programs yet, so D3DCompile refuses
 * such a pixel shader: test_hlsl_cs.c checks its listing.)
 */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "d3d11shader.h"
#include "d3dcompiler.h"

static ID3DBlob *compile(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "r.hlsl", NULL, NULL, "main", target, 0, 0, &code,
                            &errors);
    if (hr != S_OK)
        harness_fail(__FILE__, __LINE__, "D3DCompile %s: 0x%08x %s", target, (unsigned)hr,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

static ID3D11ShaderReflection *reflect(ID3DBlob *code)
{
    ID3D11ShaderReflection *r = NULL;
    if (!code)
        return NULL;
    CHECK_HR(D3DReflect(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                        &IID_ID3D11ShaderReflection, (void **)&r), S_OK);
    return r;
}

struct want_binding {
    const char *name;
    D3D_SHADER_INPUT_TYPE type;
    UINT point;
    D3D_RESOURCE_RETURN_TYPE ret;
    D3D_SRV_DIMENSION dim;
    UINT samples;
};

static void expect_bindings(ID3D11ShaderReflection *r, const struct want_binding *w, unsigned n)
{
    D3D11_SHADER_DESC sd;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &sd), S_OK);
    CHECK_EQ(sd.BoundResources, n);
    for (unsigned i = 0; i < n && i < sd.BoundResources; i++) {
        D3D11_SHADER_INPUT_BIND_DESC b, by_name;
        CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDesc(r, i, &b), S_OK);
        if (strcmp(b.Name, w[i].name) || b.Type != w[i].type || b.BindPoint != w[i].point ||
            b.BindCount != 1 || b.ReturnType != w[i].ret || b.Dimension != w[i].dim ||
            b.NumSamples != w[i].samples)
            harness_fail(__FILE__, __LINE__, "binding %u: %s type %d point %u ret %d dim %d "
                         "samples 0x%x; want %s %d %u %d %d 0x%x", i, b.Name, (int)b.Type,
                         b.BindPoint, (int)b.ReturnType, (int)b.Dimension, b.NumSamples,
                         w[i].name, (int)w[i].type, w[i].point, (int)w[i].ret, (int)w[i].dim,
                         w[i].samples);
        CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDescByName(r, w[i].name, &by_name),
                 S_OK);
        CHECK_EQ(by_name.Type, w[i].type);
    }
}

TEST(hlsl_reflect_compute_resources)
{
    static const char src[] =
        "struct P { float3 pos; uint id; };\n"
        "StructuredBuffer<P> particles : register(t2);\n"
        "ByteAddressBuffer raw_in;\n"
        "Buffer<float4> weights;\n"
        "RWStructuredBuffer<P> out_p : register(u1);\n"
        "RWByteAddressBuffer raw_out;\n"
        "RWTexture2D<float4> image;\n"
        "AppendStructuredBuffer<uint> appended;\n"
        "ConsumeStructuredBuffer<float2> consumed;\n"
        "RWStructuredBuffer<uint> counted;\n"
        "cbuffer Params : register(b1) { float scale; uint count; };\n"
        "[numthreads(8, 8, 1)]\n"
        "void main(uint3 id : SV_DispatchThreadID)\n"
        "{\n"
        "    P p = particles[id.x];\n"
        "    p.pos *= scale * weights[id.y].x;\n"
        "    out_p[id.x] = p;\n"
        "    raw_out.Store(id.x * 4, raw_in.Load(id.y * 4) + count);\n"
        "    image[id.xy] = float4(consumed.Consume(), 0, 1);\n"
        "    appended.Append(p.id);\n"
        "    counted[counted.IncrementCounter()] = id.x;\n"
        "}\n";
    ID3DBlob *code = compile(src, "cs_5_0");
    ID3D11ShaderReflection *r = reflect(code);
    if (r) {
        /* t# by register (raw_in t0, weights t1 placed around particles' t2), then u# (out_p
         * u1 first placed, the rest in declaration order), then the cbuffer */
        static const struct want_binding w[] = {
            {"raw_in", D3D_SIT_BYTEADDRESS, 0, D3D_RETURN_TYPE_MIXED, D3D_SRV_DIMENSION_BUFFER, 0},
            {"weights", D3D_SIT_TEXTURE, 1, D3D_RETURN_TYPE_FLOAT, D3D_SRV_DIMENSION_BUFFER,
             0xffffffffu},
            {"particles", D3D_SIT_STRUCTURED, 2, D3D_RETURN_TYPE_MIXED, D3D_SRV_DIMENSION_BUFFER,
             16},
            {"raw_out", D3D_SIT_UAV_RWBYTEADDRESS, 0, D3D_RETURN_TYPE_MIXED,
             D3D_SRV_DIMENSION_BUFFER, 0},
            {"out_p", D3D_SIT_UAV_RWSTRUCTURED, 1, D3D_RETURN_TYPE_MIXED,
             D3D_SRV_DIMENSION_BUFFER, 16},
            {"image", D3D_SIT_UAV_RWTYPED, 2, D3D_RETURN_TYPE_FLOAT, D3D_SRV_DIMENSION_TEXTURE2D,
             0xffffffffu},
            {"appended", D3D_SIT_UAV_APPEND_STRUCTURED, 3, D3D_RETURN_TYPE_MIXED,
             D3D_SRV_DIMENSION_BUFFER, 4},
            {"consumed", D3D_SIT_UAV_CONSUME_STRUCTURED, 4, D3D_RETURN_TYPE_MIXED,
             D3D_SRV_DIMENSION_BUFFER, 8},
            {"counted", D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER, 5, D3D_RETURN_TYPE_MIXED,
             D3D_SRV_DIMENSION_BUFFER, 4},
            {"Params", D3D_SIT_CBUFFER, 1, 0, D3D_SRV_DIMENSION_UNKNOWN, 0},
        };
        expect_bindings(r, w, sizeof(w) / sizeof(w[0]));
        D3D11_SHADER_DESC sd;
        CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &sd), S_OK);
        CHECK_EQ(sd.ConstantBuffers, 1);
        UINT x = 0, y = 0, z = 0;
        CHECK_EQ(ID3D11ShaderReflection_GetThreadGroupSize(r, &x, &y, &z), 64);
        CHECK(x == 8 && y == 8 && z == 1);
        ID3D11ShaderReflection_Release(r);
    }
    if (code) {
        /* the disassembler prints the rows as the compiler wrote them */
        ID3DBlob *text = NULL;
        CHECK_HR(D3DDisassemble(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code),
                                0, NULL, &text), S_OK);
        if (text) {
            const char *t = ID3D10Blob_GetBufferPointer(text);
            CHECK_STR_CONTAINS(t, "// particles                         texture  struct         "
                                  "r/o             t2      1 \n");
            CHECK_STR_CONTAINS(t, "// raw_in                            texture    byte         "
                                  "r/o             t0      1 \n");
            CHECK_STR_CONTAINS(t, "// image                                 UAV  float4          "
                                  "2d             u2      1 \n");
            CHECK_STR_CONTAINS(t, "// appended                              UAV  struct      "
                                  "append             u3      1 \n");
            CHECK_STR_CONTAINS(t, "// consumed                              UAV  struct     "
                                  "consume             u4      1 \n");
            CHECK_STR_CONTAINS(t, "// counted                               UAV  struct     "
                                  "r/w+cnt             u5      1 \n");
            ID3D10Blob_Release(text);
        }
        ID3D10Blob_Release(code);
    }
}

TEST(hlsl_reflect_tbuffer)
{
    static const char src[] =
        "tbuffer Lights : register(t3) { float4 light_color; float3 light_dir; float power; };\n"
        "Texture2D tex;\n"
        "SamplerState smp;\n"

        "float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n"
        "{\n"

        "    return tex.Sample(smp, uv) * light_color * power + float4(light_dir, 0);\n"
        "}\n";
    ID3DBlob *code = compile(src, "ps_5_0");
    ID3D11ShaderReflection *r = reflect(code);
    if (r) {
        static const struct want_binding w[] = {
            {"smp", D3D_SIT_SAMPLER, 0, 0, D3D_SRV_DIMENSION_UNKNOWN, 0},
            {"tex", D3D_SIT_TEXTURE, 0, D3D_RETURN_TYPE_FLOAT, D3D_SRV_DIMENSION_TEXTURE2D,
             0xffffffffu},
            {"Lights", D3D_SIT_TBUFFER, 3, 0, D3D_SRV_DIMENSION_UNKNOWN, 0},
        };
        expect_bindings(r, w, sizeof(w) / sizeof(w[0]));
        ID3D11ShaderReflectionConstantBuffer *cb =
            ID3D11ShaderReflection_GetConstantBufferByName(r, "Lights");
        D3D11_SHADER_BUFFER_DESC bd;
        CHECK_HR(ID3D11ShaderReflectionConstantBuffer_GetDesc(cb, &bd), S_OK);
        CHECK(bd.Type == D3D_CT_TBUFFER && bd.Variables == 3 && bd.Size == 32);
        ID3D11ShaderReflectionVariable *v =
            ID3D11ShaderReflectionConstantBuffer_GetVariableByName(cb, "power");
        D3D11_SHADER_VARIABLE_DESC vd;
        CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(v, &vd), S_OK);
        CHECK(vd.StartOffset == 28 && vd.Size == 4);
        ID3D11ShaderReflection_Release(r);
    }
    if (code)
        ID3D10Blob_Release(code);
}
