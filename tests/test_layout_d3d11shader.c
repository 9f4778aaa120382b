/* tests/test_layout_d3d11shader.c — d3d11shader.h against the Windows x64 ABI: structure
 * sizes/offsets, enum values, IIDs and vtable slots (the non-COM reflection interfaces have no
 * IUnknown slots: GetDesc is slot 0). */
#define COBJMACROS
#include "d3d11shader.h"

#include <stddef.h>

#include "harness.h"

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))
#define NSLOTS(vtbl) (sizeof(vtbl) / sizeof(void *))

static int guid_is(const GUID *g, uint32_t d1, uint16_t d2, uint16_t d3, uint8_t b0, uint8_t b1,
                   uint8_t b2, uint8_t b3, uint8_t b4, uint8_t b5, uint8_t b6, uint8_t b7)
{
    const GUID want = { d1, d2, d3, { b0, b1, b2, b3, b4, b5, b6, b7 } };
    return IsEqualGUID(g, &want);
}

TEST(layout_d3d11shader_descs)
{
    CHECK_EQ(sizeof(D3D11_SIGNATURE_PARAMETER_DESC), 40);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, SemanticIndex), 8);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, Register), 12);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, SystemValueType), 16);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, ComponentType), 20);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, Mask), 24);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, ReadWriteMask), 25);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, Stream), 28);
    CHECK_EQ(offsetof(D3D11_SIGNATURE_PARAMETER_DESC, MinPrecision), 32);

    CHECK_EQ(sizeof(D3D11_SHADER_BUFFER_DESC), 24);
    CHECK_EQ(offsetof(D3D11_SHADER_BUFFER_DESC, Type), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_BUFFER_DESC, Variables), 12);
    CHECK_EQ(offsetof(D3D11_SHADER_BUFFER_DESC, Size), 16);
    CHECK_EQ(offsetof(D3D11_SHADER_BUFFER_DESC, uFlags), 20);

    CHECK_EQ(sizeof(D3D11_SHADER_VARIABLE_DESC), 48);
    CHECK_EQ(offsetof(D3D11_SHADER_VARIABLE_DESC, StartOffset), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_VARIABLE_DESC, uFlags), 16);
    CHECK_EQ(offsetof(D3D11_SHADER_VARIABLE_DESC, DefaultValue), 24);
    CHECK_EQ(offsetof(D3D11_SHADER_VARIABLE_DESC, StartTexture), 32);
    CHECK_EQ(offsetof(D3D11_SHADER_VARIABLE_DESC, SamplerSize), 44);

    CHECK_EQ(sizeof(D3D11_SHADER_TYPE_DESC), 40);
    CHECK_EQ(offsetof(D3D11_SHADER_TYPE_DESC, Rows), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_TYPE_DESC, Members), 20);
    CHECK_EQ(offsetof(D3D11_SHADER_TYPE_DESC, Offset), 24);
    CHECK_EQ(offsetof(D3D11_SHADER_TYPE_DESC, Name), 32);

    CHECK_EQ(sizeof(D3D11_SHADER_DESC), 160);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, Creator), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, Flags), 16);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, OutputParameters), 32);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, InstructionCount), 36);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, TextureNormalInstructions), 56);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, FloatInstructionCount), 76);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, GSOutputTopology), 112);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, InputPrimitive), 120);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, PatchConstantParameters), 124);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, TessellatorDomain), 144);
    CHECK_EQ(offsetof(D3D11_SHADER_DESC, cTextureStoreInstructions), 156);

    CHECK_EQ(sizeof(D3D11_SHADER_INPUT_BIND_DESC), 40);
    CHECK_EQ(offsetof(D3D11_SHADER_INPUT_BIND_DESC, Type), 8);
    CHECK_EQ(offsetof(D3D11_SHADER_INPUT_BIND_DESC, BindPoint), 12);
    CHECK_EQ(offsetof(D3D11_SHADER_INPUT_BIND_DESC, uFlags), 20);
    CHECK_EQ(offsetof(D3D11_SHADER_INPUT_BIND_DESC, NumSamples), 32);

    CHECK_EQ(D3D11_SHVER_COMPUTE_SHADER, 5);
    CHECK_EQ(D3D11_SHVER_GET_TYPE(0x50050), 5);
    CHECK_EQ(D3D11_SHVER_GET_MAJOR(0x50050), 5);
    CHECK_EQ(D3D_SHADER_REQUIRES_TILED_RESOURCES, 0x100);
}

TEST(layout_d3d11shader_interfaces)
{
    CHECK(guid_is(&IID_ID3D11ShaderReflection, 0x8d536ca1, 0x0cca, 0x4956, 0xa8, 0x37, 0x78,
                  0x69, 0x63, 0x75, 0x55, 0x84));
    CHECK(guid_is(&IID_ID3D11ShaderReflectionType, 0x6e6ffa6a, 0x9bae, 0x4613, 0xa5, 0x1e, 0x91,
                  0x65, 0x2d, 0x50, 0x8c, 0x21));
    CHECK(guid_is(&IID_ID3D11ShaderReflectionVariable, 0x51f23923, 0xf3e5, 0x4bd1, 0x91, 0xcb,
                  0x60, 0x61, 0x77, 0xd8, 0xdb, 0x4c));
    CHECK(guid_is(&IID_ID3D11ShaderReflectionConstantBuffer, 0xeb62d63d, 0x93dd, 0x4318, 0x8a,
                  0xe8, 0xc6, 0xf8, 0x3a, 0xd3, 0x71, 0xb8));

    CHECK_EQ(NSLOTS(ID3D11ShaderReflectionVtbl), 22);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetDesc), 3);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetVariableByName), 10);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetResourceBindingDescByName), 11);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetMovInstructionCount), 12);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetGSInputPrimitive), 16);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetMinFeatureLevel), 19);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVtbl, GetRequiresFlags), 21);
    CHECK_EQ(NSLOTS(ID3D11ShaderReflectionTypeVtbl), 11);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionTypeVtbl, GetDesc), 0);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionTypeVtbl, IsEqual), 4);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionTypeVtbl, ImplementsInterface), 10);
    CHECK_EQ(NSLOTS(ID3D11ShaderReflectionVariableVtbl), 4);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionVariableVtbl, GetInterfaceSlot), 3);
    CHECK_EQ(NSLOTS(ID3D11ShaderReflectionConstantBufferVtbl), 3);
    CHECK_EQ(SLOT(ID3D11ShaderReflectionConstantBufferVtbl, GetVariableByName), 2);
}
